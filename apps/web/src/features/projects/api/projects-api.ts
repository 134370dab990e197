import type { Project, ProjectInput } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { clearPhotoCache } from "../../../lib/offline-cache";
import { usePagedList } from "../../../lib/paged-list";
import {
  type ProjectReportFilter,
  projectKeys,
  projectQuery,
  projectReportsOptions,
  projectsQuery,
} from "./projects-queries";

const projectPagesOptions = { queryKey: projectKeys.pages, path: "/projects", field: "projects" };

export { projectKeys };

export const useProjects = () => useQuery(projectsQuery());

/** The projects screen's list, page by page (decision 0018). */
export const usePagedProjects = () => usePagedList<Project>(projectPagesOptions);

/** Searched on the server: only asked for once the list is paged. */
export const useSearchedProjects = (search: string, enabled: boolean) =>
  usePagedList<Project>({
    queryKey: [...projectKeys.pages, { search }],
    path: "/projects",
    field: "projects",
    params: { search },
    enabled,
    keepPrevious: true,
  });

export const useProject = (id: string) => useQuery(projectQuery(id));

/** The project's reports, page by page; filtered in the browser while they fit in one page. */
export const useProjectReports = (id: string) => usePagedList<Report>(projectReportsOptions(id));

/** The project's reports filtered on the server: only asked for once the list is paged. */
export const useFilteredProjectReports = (id: string, filter: ProjectReportFilter, enabled: boolean) =>
  usePagedList<Report>({ ...projectReportsOptions(id, filter), enabled, keepPrevious: true });

export function useCreateProject() {
  return useMutation({
    mutationFn: async (body: ProjectInput) =>
      (await api<{ project: Project }>("/projects", { method: "POST", body })).project,
  });
}

export function useUpdateProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProjectInput) =>
      (await api<{ project: Project }>(`/projects/${encodeURIComponent(id)}`, { method: "PUT", body })).project,
    onSuccess: (project) => queryClient.setQueryData(projectKeys.detail(id), project),
  });
}

export function useDeleteProject(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(`/projects/${encodeURIComponent(id)}`, { method: "DELETE" }),
    // The deleted project's own query must not refetch into a 404; its reports' photos leave the
    // service worker's cache (which cannot tell whose they are, so all of them go).
    onSuccess: () => {
      void clearPhotoCache();
      queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
    },
  });
}
