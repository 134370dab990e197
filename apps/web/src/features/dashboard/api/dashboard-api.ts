import { useQuery } from "@tanstack/react-query";
import { dashboardQuery, waitingForMeQuery } from "./dashboard-queries";

export type { DashboardStats } from "./dashboard-queries";

export const useDashboardStats = () => useQuery(dashboardQuery());
export const useWaitingForMe = () => useQuery(waitingForMeQuery());

/** The signed-in user's audits kept in this browser (their entries in `site_audits`), uploaded or not. */
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
