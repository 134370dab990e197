// The list's filters that need more than the list itself (members and contacts, location trees):
// one chunk, loaded after the list has drawn (first-load budget).
import { LocationFilterField } from "../../../app/location-filter";
import type { LocationFilterProps } from "../../locations/components/location-filter";
import AssigneeFilter from "./assignee-filter";

type Props = LocationFilterProps & { assignedTo: string; onAssignee: (value: string) => void };

export default function ListFilters({ assignedTo, onAssignee, ...place }: Props) {
  return (
    <>
      <AssigneeFilter value={assignedTo} onChange={onAssignee} />
      <LocationFilterField {...place} />
    </>
  );
}
