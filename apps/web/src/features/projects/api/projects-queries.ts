// Query definitions shared by the hooks (projects-api.ts) and the router's prefetching loaders
// (app/route-prefetch.ts). Kept apart from the hooks so the router can import them cheaply.
import type { Project } from "@sitesnag/shared/projects";
import type { Report, ReportListQuery } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";
import { pagedListQuery } from "../../../lib/paged-list";

export const projectKeys = {
  all: ["projects"] as const,
  pages: ["projects", "pages"] as const,
  detail: (id: string) => ["projects", id] as const,
  reports: (id: string) => ["snagging", { projectId: id }] as const,
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

export const projectReportsQuery = (id: string) => ({
  queryKey: projectKeys.reports(id),
  queryFn: async () => {
    const query: ReportListQuery = { projectId: id };
    const params = new URLSearchParams(query as Record<string, string>);
    return (await api<{ reports: Report[] }>(`/snagging?${params}`)).reports;
  },
});
