// Reports captured offline, at the top of /app/snagging until they sync (SPEC §4), read from the
// local queue so they show with no network at all; each opens a read-only detail from it.
import { PRIORITIES, type Priority } from "@sitesnag/shared/enums";
import { Link } from "react-router";
import { PRIORITY_LABELS } from "../components/report-badges";
import { useT } from "../i18n/use-t";
import { useOutbox } from "./use-outbox";

const isPriority = (value: unknown): value is Priority => PRIORITIES.includes(value as Priority);

export default function PendingReports() {
  const t = useT();
  const { items } = useOutbox();
  const creates = items.filter((i) => i.action === "create");
  if (creates.length === 0) return null;
  return (
    <section aria-label={t("sync.waitingReports")} className="mb-4">
      <ul className="grid gap-3 lg:grid-cols-2">
        {creates.map((item) => (
          <li key={item.id} className="rounded-xl border border-amber-300 bg-amber-50 p-4">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <span className="font-semibold">
                  {item.data.title ? String(item.data.title) : t("snagging.queued.newReport")}
                </span>
                <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">
                  {t("snagging.queued.pending")}
                </span>
              </summary>
              <dl className="mt-2 space-y-1 text-sm text-slate-700">
                <div>
                  <dt className="inline font-medium">{t("sync.priority")} </dt>
                  <dd className="inline">
                    {isPriority(item.data.priority) ? t(PRIORITY_LABELS[item.data.priority]) : ""}
                  </dd>
                </div>
                <div>
                  <dt className="inline font-medium">{t("sync.photos")} </dt>
                  <dd className="inline">{item.photoIds.length}</dd>
                </div>
                <div>
                  <dt className="font-medium">{t("sync.description")}</dt>
                  <dd className="whitespace-pre-wrap">
                    {String(item.data.description ?? "") || t("sync.noDescription")}
                  </dd>
                </div>
              </dl>
              <Link
                to={`/app/snagging/${item.tempId}`}
                className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
              >
                {item.data.title ? t("sync.open", { title: String(item.data.title) }) : t("sync.openReport")}
              </Link>
            </details>
            {item.error && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {t("snagging.queued.notSynced", { error: item.error })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
