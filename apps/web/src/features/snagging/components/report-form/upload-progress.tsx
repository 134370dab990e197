import { useLocale, useT } from "../../../../i18n/use-t";
import type { UploadProgress } from "../../lib/upload-with-progress";

/** Megabytes with one decimal, in the locale's digits ("1.5" in English, "1,5" in Polish). */
const mb = (locale: string, bytes: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));

/** Shown while a save sends its photos, so a slow site connection does not look like a hang. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const t = useT();
  const locale = useLocale();
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="space-y-1">
      <progress
        aria-label={t("snagging.upload.label")}
        max={100}
        value={percent}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
      <p className="text-xs text-slate-600" aria-live="polite">
        {t("snagging.upload.progress", {
          loaded: mb(locale, progress.loaded),
          total: mb(locale, progress.total),
          percent,
        })}
      </p>
    </div>
  );
}
