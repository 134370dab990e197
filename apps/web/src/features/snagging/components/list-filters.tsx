// The list's filters that need more than the list itself (members and contacts, trades, location
// trees): one chunk, loaded after the list has drawn (first-load budget).
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
  /** Issue 37: what an overview link filtered by, each removable. */
  insight: InsightFilter;
  onClearInsight: (key: keyof InsightFilter) => void;
};

export default function ListFilters({
  assignedTo,
  onAssignee,
  category,
  onCategory,
  insight,
  onClearInsight,
  ...place
}: Props) {
  return (
    <>
      {Object.values(insight).some(Boolean) && <InsightChips filter={insight} onClear={onClearInsight} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <AssigneeFilter value={assignedTo} onChange={onAssignee} />
        <CategoryFilter value={category} onChange={onCategory} />
      </div>
      <LocationFilterField {...place} />
    </>
  );
}
