import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import { capitalise } from "../../../lib/format";
import type { PinFilter } from "../lib/pin-math";

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
  return (
    <>
      <label className="text-sm font-medium text-slate-700">
        Status
        <select
          className={selectClass}
          value={filter.status}
          onChange={(e) => onChange({ ...filter, status: e.target.value as PinFilter["status"] })}
        >
          <option value="all">All statuses</option>
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {capitalise(s)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Priority
        <select
          className={selectClass}
          value={filter.priority}
          onChange={(e) => onChange({ ...filter, priority: e.target.value as PinFilter["priority"] })}
        >
          <option value="all">All priorities</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {capitalise(p)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Assignee
        <select
          className={selectClass}
          value={filter.assignee}
          onChange={(e) => onChange({ ...filter, assignee: e.target.value })}
        >
          <option value="all">Anyone</option>
          <option value="none">Unassigned</option>
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
