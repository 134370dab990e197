// Every figure of the overview opens the report list with the filter that finds its reports
// (issue 37): the list reads them from its URL (snagging/lib/insight-filter.ts and its own filters).
export type ListFilter = {
  projectId?: string | undefined;
  status?: string;
  priority?: string;
  unresolved?: "1";
  due?: "overdue" | "soon";
  age?: string;
  openedWeek?: string;
  closedWeek?: string;
  category?: string;
  assignedTo?: string;
  locationId?: string;
};

export function listLink(filter: ListFilter): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
  return `/app/snagging?${query}`;
}
