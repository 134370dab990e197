// The list's filters that need more than the list itself (members and contacts, trades, location
// trees): one chunk, loaded after the list has drawn (first-load budget).

import { useSearchParams } from "react-router";
import { LocationFilterField } from "../../../app/location-filter";
import type { LocationFilterProps } from "../../locations/components/location-filter";
import AssigneeFilter from "./assignee-filter";
import CategoryFilter from "./category-filter";
import InsightChips, { type InsightFilter } from "./insight-chips";

type Props = LocationFilterProps & {
  assignedTo: string;
  onAssignee: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
};

export default function ListFilters({ assignedTo, onAssignee, category, onCategory, ...place }: Props) {
  // Issue 37: what an overview link filtered by (read here, not in the list's first-load chunk).
  const [params, setParams] = useSearchParams();
  const insight: InsightFilter = {
    priority: params.get("priority") ?? "",
    unresolved: params.get("unresolved") ?? "",
    due: params.get("due") ?? "",
    age: params.get("age") ?? "",
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
      {Object.values(insight).some(Boolean) && <InsightChips filter={insight} onClear={clear} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <AssigneeFilter value={assignedTo} onChange={onAssignee} />
        <CategoryFilter value={category} onChange={onCategory} />
      </div>
      <LocationFilterField {...place} />
    </>
  );
}
