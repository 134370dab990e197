import type { Report } from "@sitesnag/shared/snagging";
import { Link } from "react-router";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../../components/report-badges";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor, formatDateTimeFor, formatNumberFor } from "../../../lib/format";
import { useCategoryLabel } from "./category-icon";

/** The report's facts as a definition list. */
export function ReportDetails({ report }: { report: Report }) {
  const t = useT();
  const locale = useLocale();
  const categoryLabel = useCategoryLabel();
  const rows: [string, React.ReactNode][] = [
    [
      t("snagging.detail.reportNumber"),
      <span key="number" className="break-all font-mono text-xs">
        {report.id}
      </span>,
    ],
    [
      t("snagging.field.project"),
      <Link
        key="project"
        to={`/app/projects/${report.projectId}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {report.projectName}
      </Link>,
    ],
    ...(report.locationPath ? [[t("locations.report.location"), report.locationPath] as [string, string]] : []),
    [t("snagging.field.category"), categoryLabel(report.category)],
    [t("snagging.field.priority"), t(PRIORITY_LABELS[report.priority])],
    [t("snagging.field.status"), t(STATUS_LABELS[report.status])],
    [t("snagging.field.assignedTo"), report.assignedToName ?? t("snagging.unassigned")],
    [t("snagging.detail.createdBy"), report.createdByName ?? t("snagging.detail.unknown")],
    [t("snagging.detail.created"), formatDateTimeFor(locale, report.createdAt)],
    [
      t("snagging.field.dueDate"),
      report.dueDate === null ? t("snagging.noDueDate") : formatDateFor(locale, report.dueDate),
    ],
    [t("snagging.field.photos"), formatNumberFor(locale, report.attachments.length)],
    ...(report.rejectionCount > 0
      ? [[t("snagging.detail.fixesRejected"), formatNumberFor(locale, report.rejectionCount)] as [string, string]]
      : []),
  ];
  return (
    <section aria-labelledby="report-details" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-details" className="text-sm font-semibold text-slate-900">
        {t("snagging.detail.details")}
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 text-end text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
