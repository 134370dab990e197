// The report's history as a timeline (issue 23): who did what and when, newest first, with changes
// that came through the offline queue marked with when they were made on the device.
import type { ActivityEntry, ActivityType } from "@sitesnag/shared/activity";
import { useInfiniteQuery } from "@tanstack/react-query";
import {
  Camera,
  CircleDot,
  FilePlus2,
  FileText,
  ImageMinus,
  MessageSquare,
  MessageSquareX,
  Pencil,
  RotateCcw,
  ShieldCheck,
  ShieldX,
  Trash2,
  WifiOff,
} from "lucide-react";
import { Button } from "../../../components/button";
import { LoadMore } from "../../../components/load-more";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateTimeFor } from "../../../lib/format";
import { activityQuery } from "../api/get-activity";

const ICONS: Record<ActivityType, typeof Pencil> = {
  created: FilePlus2,
  edited: Pencil,
  status_changed: CircleDot,
  photos_added: Camera,
  photos_removed: ImageMinus,
  pdf_exported: FileText,
  verification_accepted: ShieldCheck,
  verification_rejected: ShieldX,
  comment_added: MessageSquare,
  comment_edited: MessageSquare,
  comment_deleted: MessageSquareX,
  deleted: Trash2,
  restored: RotateCcw,
};

function Entry({ entry }: { entry: ActivityEntry }) {
  const t = useT();
  const locale = useLocale();
  const Icon = ICONS[entry.type] ?? Pencil;
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm text-slate-900">{entry.summary}</p>
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={new Date(entry.at * 1000).toISOString()}>{formatDateTimeFor(locale, entry.at)}</time>
        </p>
        {entry.offline && (
          <p className="mt-1 inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
            <WifiOff aria-hidden className="size-3" />
            {t("snagging.history.offline")}
            {entry.offline.madeAt !== null &&
              ` · ${t("snagging.history.made", { date: formatDateTimeFor(locale, entry.offline.madeAt) })}`}{" "}
            · {t("snagging.history.received", { date: formatDateTimeFor(locale, entry.offline.receivedAt) })}
          </p>
        )}
      </div>
    </li>
  );
}

export function ReportTimeline({ reportId }: { reportId: string }) {
  const t = useT();
  const query = useInfiniteQuery(activityQuery(reportId));
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="report-history" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-history" className="text-sm font-semibold text-slate-900">
        {t("snagging.history.title")}
      </h2>
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-500">
          {t("snagging.history.loading")}
        </p>
      ) : query.isError && entries.length === 0 ? (
        <div role="alert" className="mt-3 text-sm text-red-700">
          {t("snagging.history.loadFailed")}{" "}
          <Button variant="secondary" className="ms-2" onClick={() => query.refetch()}>
            {t("common.tryAgain")}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("snagging.history.none")}</p>
      ) : (
        <>
          <ol aria-label={t("snagging.history.list")} className="mt-3">
            {entries.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ol>
          <LoadMore query={query} shown={entries.length} noun="entries" />
        </>
      )}
    </section>
  );
}
