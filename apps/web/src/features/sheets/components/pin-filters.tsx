import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";
import type { PinFilter } from "../lib/pin-math";

const STATUS: Record<(typeof REPORT_STATUSES)[number], Message> = {
  open: msg("plans.status.open"),
  "in-progress": msg("plans.status.inProgress"),
  resolved: msg("plans.status.resolved"),
  closed: msg("plans.status.closed"),
};
const PRIORITY: Record<(typeof PRIORITIES)[number], Message> = {
  critical: msg("plans.priority.critical"),
  high: msg("plans.priority.high"),
  medium: msg("plans.priority.medium"),
  low: msg("plans.priority.low"),
};

const selectClass = "mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

export function PinFilters({
  filter,
  onChange,
  assignees,
}: {
  filter: PinFilter;
  onChange: (filter: PinFilter) => void;
  assignees: { id: string; name: string }[];
}) {
  const t = useT();
  return (
    <>
      <label className="text-sm font-medium text-slate-700">
        {t("plans.filter.status")}
        <select
          className={selectClass}
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value as PinFilter["status"] })}
        >
          <option value="all">{t("plans.filter.allStatuses")}</option>
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS[s])}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        {t("plans.filter.priority")}
        <select
          className={selectClass}
          value={filter.priority}
          onChange={(e) => onChange({ ...filter, priority: e.target.value as PinFilter["priority"] })}
        >
          <option value="all">{t("plans.filter.allPriorities")}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(PRIORITY[p])}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        {t("plans.filter.assignee")}
        <select
          className={selectClass}
          value={filter.assignee}
          onChange={(e) => onChange({ ...filter, assignee: e.target.value })}
        >
          <option value="all">{t("plans.filter.anyone")}</option>
          <option value="none">{t("plans.filter.unassigned")}</option>
          {assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
