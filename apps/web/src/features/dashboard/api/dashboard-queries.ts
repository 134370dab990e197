// The dashboard's query, shared by its hook and the router's prefetching loader.
import type { ReportCounts } from "@sitesnag/shared/snagging";
import { api } from "../../../lib/api-client";

export type DashboardStats = {
  projects: number;
  reports: number;
  open: number;
  inProgress: number;
  /** The workspace's audits (absent from a copy persisted before it was counted). */
  audits?: number;
};

export const dashboardQuery = () => ({
  queryKey: ["dashboard"] as const,
  queryFn: async (): Promise<DashboardStats> => {
    // Counted by the server: small answers whatever the size of the workspace.
    const [{ count }, { counts }, audits] = await Promise.all([
      api<{ count: number }>("/projects/count"),
      api<{ counts: ReportCounts }>("/snagging/counts"),
      api<{ count: number }>("/audits/count"),
    ]);
    return {
      projects: count,
      reports: counts.all,
      open: counts.open,
      inProgress: counts["in-progress"],
      audits: audits.count,
    };
  },
});

/** Issue 23's "Waiting for me": assigned to me and open or in progress, or resolved and mine to verify. */
export const waitingForMeQuery = () => ({
  queryKey: ["dashboard", "waiting-for-me"] as const,
  queryFn: async () => {
    const { counts } = await api<{ counts: ReportCounts }>("/snagging/counts?waitingFor=me");
    return { total: counts.all, toFix: counts.open + counts["in-progress"], toVerify: counts.resolved };
  },
});
