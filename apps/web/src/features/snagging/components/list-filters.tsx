import AssigneeFilter from "./assignee-filter";
import CategoryFilter from "./category-filter";

type Props = {
  assignedTo: string;
  category: string;
  onChange: (key: "assignedTo" | "category", value: string) => void;
};

/** The list's assignee and category filters: one chunk, loaded after the list (first-load budget). */
export default function ListFilters({ assignedTo, category, onChange }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <AssigneeFilter value={assignedTo} onChange={(value) => onChange("assignedTo", value)} />
      <CategoryFilter value={category} onChange={(value) => onChange("category", value)} />
    </div>
  );
}
