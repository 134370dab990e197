import type { Report } from "@sitesnag/shared/snagging";
import { Building2, Calendar, Camera, UserRound } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { PriorityBadge, ReportStatusBadge } from "../../../components/report-badges";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { PendingBadge } from "../../../offline/pending-change-badge";
import { thumbnailUrl } from "../photo-urls";
import type { BulkCheckbox, BulkSelection } from "./bulk-list";
import { CategoryIcon, useCategoryLabel } from "./category-icon";
import { SafeImage } from "./safe-image";

/** Issue 39: the list's bulk selection, once its chunk has arrived (components/bulk-list.tsx). */
export type CardSelection = { Checkbox: typeof BulkCheckbox; selection: BulkSelection };

/**
 * One report in the list: every field SPEC §2 names for the card, and the first photo's thumbnail.
 * Memoised: the list redraws when its filters' data, counts or the outbox change, and a card whose
 * report and labels did not change is left as it is (issue 33: a phone's long tasks after the list's
 * first paint).
 */
export const ReportCard = memo(function ReportCard({
  report,
  preview,
  pending = null,
  index,
  bulk = null,
}: {
  report: Report;
  preview: string;
  /** 'Pending sync' or 'Delete pending sync' while changes to it wait in the offline queue. */
  pending?: string | null;
  /** Its place in the list shown (a shift-click's range). */
  index: number;
  /** The bulk selection's checkbox, over the photo's corner. */
  bulk?: CardSelection | null;
}) {
  const categoryLabel = useCategoryLabel();
  const t = useT();
  const locale = useLocale();
  const first = report.attachments[0];
  const photos = report.attachments.length;
  return (
    <li className="relative">
      {bulk && <bulk.Checkbox selection={bulk.selection} report={report} index={index} />}
      <Link
        to={`/app/snagging/${report.id}`}
        className="flex h-full gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-600 sm:p-4"
      >
        <div className="size-20 shrink-0 overflow-hidden rounded-lg sm:size-24">
          {first ? (
            <SafeImage
              src={thumbnailUrl(first)}
              alt={t("snagging.card.photoOf", { title: report.title })}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center bg-slate-100 text-slate-400">
              <Camera aria-hidden className="size-6" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 className="min-w-0 break-all font-semibold text-slate-900">{report.title}</h2>
            <PriorityBadge priority={report.priority} />
            <ReportStatusBadge status={report.status} />
            <PendingBadge label={pending} />
          </div>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{preview || t("snagging.noDescription")}</p>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-2">
            <Fact
              icon={<Building2 aria-hidden className="size-3.5" />}
              label={t("snagging.field.project")}
              // Issue 36: where in the project, when the report has a location.
              value={report.locationPath ? `${report.projectName} · ${report.locationPath}` : report.projectName}
            />
            <Fact
              icon={<CategoryIcon category={report.category} decorative className="size-3.5" />}
              label={t("snagging.field.category")}
              value={categoryLabel(report.category)}
            />
            <Fact
              icon={<UserRound aria-hidden className="size-3.5" />}
              label={t("snagging.field.assignedTo")}
              value={report.assignedToName ?? t("snagging.unassigned")}
            />
            <Fact
              icon={<Calendar aria-hidden className="size-3.5" />}
              label={t("snagging.card.due")}
              value={report.dueDate === null ? t("snagging.noDueDate") : formatDateFor(locale, report.dueDate)}
            />
            <Fact
              icon={<Camera aria-hidden className="size-3.5" />}
              label={t("snagging.field.photos")}
              value={t("snagging.card.photoCount", { count: photos })}
            />
          </dl>
        </div>
      </Link>
    </li>
  );
});

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <dt className="shrink-0 text-slate-400">
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="truncate">{value}</dd>
    </div>
  );
}
