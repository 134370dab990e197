// The dashboard's query, shared by its hook and the router's prefetching loader.
import type { Project } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";

export type DashboardStats = { projects: number; reports: number; open: number; inProgress: number };

export const dashboardQuery = () => ({
  queryKey: ["dashboard"] as const,
  queryFn: async (): Promise<DashboardStats> => {
    const [{ projects }, { reports }] = await Promise.all([
      api<{ projects: Project[] }>("/projects"),
      api<{ reports: Report[] }>("/snagging"),
    ]);
    return {
      projects: projects.length,
      reports: reports.length,
      open: reports.filter((r) => r.status === "open").length,
      inProgress: reports.filter((r) => r.status === "in-progress").length,
    };
  },
});
