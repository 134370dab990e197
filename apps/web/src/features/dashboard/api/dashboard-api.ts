import type { Project } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type DashboardStats = { projects: number; reports: number; open: number; inProgress: number };

export const useDashboardStats = () =>
  useQuery({
    queryKey: ["dashboard"],
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

/** Audits live only in this browser (SPEC §1): count the signed-in user's entries in `site_audits`. */
export function countStoredAudits(userId: string): number {
  try {
    const list: unknown = JSON.parse(localStorage.getItem("site_audits") ?? "[]");
    if (!Array.isArray(list)) return 0;
    return list.filter((a) => typeof a === "object" && a !== null && (a as { userId?: unknown }).userId === userId)
      .length;
  } catch {
    return 0;
  }
}
