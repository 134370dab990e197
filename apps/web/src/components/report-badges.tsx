import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import type { Message } from "../i18n/i18n";
import { msg, useT } from "../i18n/use-t";

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

/** A report status's name, for every screen that shows one: `t(STATUS_LABELS[status])`. */
export const STATUS_LABELS: Record<ReportStatus, Message> = {
  open: msg("snagging.status.open"),
  "in-progress": msg("snagging.status.inProgress"),
  resolved: msg("snagging.status.resolved"),
  closed: msg("snagging.status.closed"),
};
/** A priority's name: `t(PRIORITY_LABELS[priority])`. */
export const PRIORITY_LABELS: Record<Priority, Message> = {
  low: msg("snagging.priority.low"),
  medium: msg("snagging.priority.medium"),
  high: msg("snagging.priority.high"),
  critical: msg("snagging.priority.critical"),
};

export const ReportStatusBadge = ({ status }: { status: ReportStatus }) => {
  const t = useT();
  return (
    <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS[status])}>
      {t(STATUS_LABELS[status])}
    </span>
  );
};
export const PriorityBadge = ({ priority }: { priority: Priority }) => {
  const t = useT();
  return (
    <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", PRIORITY[priority])}>
      {t(PRIORITY_LABELS[priority])}
    </span>
  );
};
