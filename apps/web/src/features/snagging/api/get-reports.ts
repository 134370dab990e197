import type { Report } from "@sitesnag/shared/snagging";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

// Every snagging query starts with "snagging", so the project page's list (["snagging", {projectId}])
// and these share one prefix; the query client invalidates them all after any write.
export const reportKeys = {
  list: ["snagging", "list"] as const,
  detail: (id: string) => ["snagging", "detail", id] as const,
};

export const getReports = async (): Promise<Report[]> => (await api<{ reports: Report[] }>("/snagging")).reports;

/**
 * The workspace's reports. Search and the status filter run on the loaded list: they answer as the
 * user types and keep working offline from the cached list.
 */
export const reportsQuery = () => ({ queryKey: reportKeys.list, queryFn: getReports });

export const useReports = () => useQuery(reportsQuery());
