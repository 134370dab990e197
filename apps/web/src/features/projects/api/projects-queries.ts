// Query definitions shared by the hooks (projects-api.ts) and the router's prefetching loaders
// (app/route-prefetch.ts). Kept apart from the hooks so the router can import them cheaply.

import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import type { Project } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";
import { pagedListQuery } from "../../../lib/paged-list";

export const projectKeys = {
  all: ["projects"] as const,
  pages: ["projects", "pages"] as const,
  detail: (id: string) => ["projects", id] as const,
  // Under "snagging", so every report write invalidates it (app/query-client.ts), and persisted offline.
  reports: (id: string) => ["snagging", { projectId: id }] as const,
  filteredReports: (id: string, filter: ProjectReportFilter) => ["snagging", { projectId: id }, filter] as const,
};

export const projectsQuery = () => ({
  queryKey: projectKeys.all,
  queryFn: async () => (await api<{ projects: Project[] }>("/projects")).projects,
});

/** The projects screen's first page (its route prefetches it). */
export const projectPagesQuery = () =>
  pagedListQuery<Project>({ queryKey: projectKeys.pages, path: "/projects", field: "projects" });

export const projectQuery = (id: string) => ({
  queryKey: projectKeys.detail(id),
  queryFn: async () => (await api<{ project: Project }>(`/projects/${encodeURIComponent(id)}`)).project,
});

export type ProjectReportFilter = { status: ReportStatus | "all"; priority: Priority | "all" };

/** The project page's reports, page by page (decision 0018); with a filter, filtered on the server. */
export const projectReportsOptions = (id: string, filter?: ProjectReportFilter) => ({
  queryKey: filter ? projectKeys.filteredReports(id, filter) : projectKeys.reports(id),
  path: "/snagging",
  field: "reports",
  params: {
    projectId: id,
    status: filter && filter.status !== "all" ? filter.status : undefined,
    priority: filter && filter.priority !== "all" ? filter.priority : undefined,
  },
});

/** The first page of the project's reports (the route prefetches it). */
export const projectReportsQuery = (id: string) => pagedListQuery<Report>(projectReportsOptions(id));
