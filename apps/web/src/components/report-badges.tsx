import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import { capitalise } from "../lib/format";

const STATUS: Record<ReportStatus, string> = {
  open: "bg-red-100 text-red-800",
  "in-progress": "bg-amber-100 text-amber-800",
  resolved: "bg-emerald-100 text-emerald-800",
  closed: "bg-slate-200 text-slate-700",
};
const PRIORITY: Record<Priority, string> = {
  critical: "bg-red-600 text-white",
  high: "bg-orange-100 text-orange-800",
  medium: "bg-yellow-100 text-yellow-800",
  low: "bg-slate-100 text-slate-700",
};

export const ReportStatusBadge = ({ status }: { status: ReportStatus }) => (
  <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS[status])}>{capitalise(status)}</span>
);
export const PriorityBadge = ({ priority }: { priority: Priority }) => (
  <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", PRIORITY[priority])}>
    {capitalise(priority)}
  </span>
);
