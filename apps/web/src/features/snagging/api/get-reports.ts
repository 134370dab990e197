import type { Report, ReportCounts } from "@sitesnag/shared/snagging";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { pagedListQuery, usePagedList } from "../../../lib/paged-list";
import type { StatusFilterValue } from "../components/status-filter";

// Every snagging query starts with "snagging", so the project page's list (["snagging", {projectId}])
// and these share one prefix; the query client invalidates them all after any write.
export const reportKeys = {
  list: ["snagging", "list"] as const,
  filtered: (filter: ListFilter) => ["snagging", "list", filter] as const,
  counts: (search: string, mine = false, assignedTo = "", category = "", place: Place = {}) =>
    ["snagging", "counts", { search, mine, assignedTo, category, ...place }] as const,
  detail: (id: string) => ["snagging", "detail", id] as const,
};

/** The list's filters; `assignedTo` is a member's or a contact's id, or `unassigned` (issue 27). */
export type ListFilter = {
  search: string;
  status: StatusFilterValue;
  mine?: boolean;
  assignedTo?: string;
  /** A trade's key (issue 36). */
  category?: string;
} & Place;

/**
 * Issue 36: one project, and in it a location with everything under it. Issue 37 (the overview's
 * links) rides along: a priority, and open reports only, past due or due soon, or of an age.
 */
export type Place = {
  projectId?: string;
  locationId?: string;
  priority?: string;
  unresolved?: string;
  due?: string;
  age?: string;
  openedWeek?: string;
  closedWeek?: string;
};

/** The whole list, page by page (also the route's prefetch). */
export const reportsQuery = () =>
  pagedListQuery<Report>({ queryKey: reportKeys.list, path: "/snagging", field: "reports" });

/**
 * The workspace's reports, page by page. While everything fits in the first page, search and the
 * status filter run on the loaded list (they answer as the user types and work offline from the
 * cached list); once the list is paged they run on the server.
 */
export const useReports = () =>
  usePagedList<Report>({ queryKey: reportKeys.list, path: "/snagging", field: "reports" });

/**
 * The list's filters as the server's query (GET /api/snagging, its exports): each by its own name
 * (empty ones are left out of the request), "Waiting for me" as waitingFor (issue 23).
 */
export const listFilterParams = ({ mine, ...filter }: ListFilter): Record<string, string | undefined> => ({
  ...filter,
  search: filter.search.trim(),
  status: filter.status === "all" ? undefined : filter.status,
  waitingFor: mine ? "me" : undefined,
});

/** The list filtered on the server: only asked for when the whole list is paged. */
export const useFilteredReports = (filter: ListFilter, enabled: boolean) =>
  usePagedList<Report>({
    queryKey: reportKeys.filtered(filter),
    path: "/snagging",
    field: "reports",
    params: listFilterParams(filter),
    enabled,
    keepPrevious: true,
  });

/** Reports per status matching the search, counted by the server (for a paged list). */
export const useReportCounts = (
  search: string,
  enabled: boolean,
  mine = false,
  assignedTo = "",
  category = "",
  place: Place = {},
) =>
  useQuery({
    queryKey: reportKeys.counts(search.trim(), mine, assignedTo, category, place),
    queryFn: async () => {
      const params = new URLSearchParams();
      if (search.trim()) params.set("search", search.trim());
      if (mine) params.set("waitingFor", "me");
      if (assignedTo) params.set("assignedTo", assignedTo);
      if (category) params.set("category", category);
      for (const [key, value] of Object.entries(place)) if (value) params.set(key, value);
      return (await api<{ counts: ReportCounts }>(`/snagging/counts?${params}`)).counts;
    },
    enabled,
    placeholderData: keepPreviousData,
  });
