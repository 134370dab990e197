// Before and after (issue 23): each photo sent with the change that marked the report resolved,
// beside the original it answers.
import type { Report } from "@sitesnag/shared/snagging";
import { useT } from "../../../i18n/use-t";
import { fixPairs } from "../photo-entries";
import { SafeImage } from "./safe-image";

function Figure({ label, src, alt }: { label: string; src: string | null; alt: string }) {
  const t = useT();
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</figcaption>
      {src ? (
        <SafeImage src={src} alt={alt} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-500">
          {t("snagging.fix.noOriginal")}
        </div>
      )}
    </figure>
  );
}

export function FixPhotos({ report }: { report: Report }) {
  const t = useT();
  const pairs = fixPairs(report);
  if (pairs.length === 0) return null;
  return (
    <section aria-labelledby="fix-photos" className="mt-5">
      <h2 id="fix-photos" className="mb-3 text-lg font-semibold text-slate-900">
        {t("snagging.fix.title")} <span className="text-sm font-normal text-slate-500">({pairs.length})</span>
      </h2>
      <ul aria-label={t("snagging.fix.label")} className="space-y-4">
        {pairs.map(({ before, after }, i) => (
          <li key={after.id} className="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <Figure
              label={t("snagging.fix.before")}
              src={before?.thumbnail_path ?? before?.file_path ?? null}
              alt={t("snagging.fix.beforeAlt", { number: i + 1 })}
            />
            <Figure
              label={t("snagging.fix.after")}
              src={after.thumbnail_path ?? after.file_path}
              alt={t("snagging.fix.afterAlt", { number: i + 1 })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
