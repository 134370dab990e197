// The list's filters that need more than the list itself (members and contacts, trades, location
// trees): one chunk, loaded after the list has drawn (first-load budget).

import { clsx } from "clsx";
import { UserCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { LocationFilterField } from "../../../app/location-filter";
import { useT } from "../../../i18n/use-t";
import type { LocationFilterProps } from "../../locations/components/location-filter";
import AssigneeFilter from "./assignee-filter";
import CategoryFilter from "./category-filter";
import InsightChips, { type InsightFilter } from "./insight-chips";

type Props = LocationFilterProps & {
  /** Issue 23: "Waiting for me", from the dashboard or this toggle. */
  mine: boolean;
  onMine: () => void;
  assignedTo: string;
  onAssignee: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
};

export default function ListFilters({ mine, onMine, assignedTo, onAssignee, category, onCategory, ...place }: Props) {
  const t = useT();
  // Issue 37: what an overview link filtered by (read here, not in the list's first-load chunk).
  const [params, setParams] = useSearchParams();
  const insight: InsightFilter = {
    priority: params.get("priority") ?? "",
    unresolved: params.get("unresolved") ?? "",
    due: params.get("due") ?? "",
    age: params.get("age") ?? "",
    openedWeek: params.get("openedWeek") ?? "",
    closedWeek: params.get("closedWeek") ?? "",
  };
  const clear = (key: keyof InsightFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(key);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <button
        type="button"
        aria-pressed={mine}
        onClick={onMine}
        className={clsx(
          "inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium",
          mine ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-700",
        )}
      >
        <UserCheck aria-hidden className="size-4" />
        {t("snagging.list.waitingForMe")}
      </button>
      {Object.values(insight).some(Boolean) && <InsightChips filter={insight} onClear={clear} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <AssigneeFilter value={assignedTo} onChange={onAssignee} />
        <CategoryFilter value={category} onChange={onCategory} />
      </div>
      <LocationFilterField {...place} />
    </>
  );
}
