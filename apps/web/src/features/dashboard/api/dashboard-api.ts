import { useQuery } from "@tanstack/react-query";
import { dashboardQuery, waitingForMeQuery } from "./dashboard-queries";

export type { DashboardStats } from "./dashboard-queries";

export const useDashboardStats = () => useQuery(dashboardQuery());
export const useWaitingForMe = () => useQuery(waitingForMeQuery());

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
