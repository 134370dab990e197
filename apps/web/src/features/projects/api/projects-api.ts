import type { Project, ProjectInput } from "@sitesnag/shared/projects";
import type { Report, ReportListQuery } from "@sitesnag/shared/snagging";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const projectKeys = {
  all: ["projects"] as const,
  detail: (id: string) => ["projects", id] as const,
  reports: (id: string) => ["snagging", { projectId: id }] as const,
};

export const useProjects = () =>
  useQuery({
    queryKey: projectKeys.all,
    queryFn: async () => (await api<{ projects: Project[] }>("/projects")).projects,
  });

export const useProject = (id: string) =>
  useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: async () => (await api<{ project: Project }>(`/projects/${encodeURIComponent(id)}`)).project,
  });

export const useProjectReports = (id: string) =>
  useQuery({
    queryKey: projectKeys.reports(id),
    queryFn: async () => {
      const query: ReportListQuery = { projectId: id };
      const params = new URLSearchParams(query as Record<string, string>);
      return (await api<{ reports: Report[] }>(`/snagging?${params}`)).reports;
    },
  });

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
    // The deleted project's own query must not refetch into a 404.
    onSuccess: () => queryClient.removeQueries({ queryKey: projectKeys.detail(id) }),
  });
}
