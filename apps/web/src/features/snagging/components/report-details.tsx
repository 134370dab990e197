import type { Report } from "@sitesnag/shared/snagging";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t";
import { capitalise, formatDate, formatDateTime } from "../../../lib/format";
import { useCategoryLabel } from "./category-icon";

/** The report's facts as a definition list. */
export function ReportDetails({ report }: { report: Report }) {
  const categoryLabel = useCategoryLabel();
  const t = useT();
  const rows: [string, React.ReactNode][] = [
    [
      "Report number",
      <span key="number" className="break-all font-mono text-xs">
        {report.id}
      </span>,
    ],
    [
      "Project",
      <Link
        key="project"
        to={`/app/projects/${report.projectId}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {report.projectName}
      </Link>,
    ],
    ...(report.locationPath ? [[t("locations.report.location"), report.locationPath] as [string, string]] : []),
    ["Category", categoryLabel(report.category)],
    ["Priority", capitalise(report.priority)],
    ["Status", capitalise(report.status)],
    ["Assigned to", report.assignedToName ?? "Unassigned"],
    ["Created by", report.createdByName ?? "Unknown"],
    ["Created", formatDateTime(report.createdAt)],
    ["Due date", report.dueDate === null ? "No due date" : formatDate(report.dueDate)],
    ["Photos", String(report.attachments.length)],
    ...(report.rejectionCount > 0 ? [["Fixes rejected", String(report.rejectionCount)] as [string, string]] : []),
  ];
  return (
    <section aria-labelledby="report-details" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-details" className="text-sm font-semibold text-slate-900">
        Details
      </h2>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="shrink-0 text-slate-500">{label}</dt>
            <dd className="min-w-0 text-right text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
