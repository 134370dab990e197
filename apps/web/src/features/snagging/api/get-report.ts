import type { Report } from "@sitesnag/shared/snagging";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reportKeys } from "./get-reports";

export const getReport = async (id: string): Promise<Report> =>
  (await api<{ report: Report }>(`/snagging/${encodeURIComponent(id)}`)).report;

/** Shared by the hook and the router's prefetching loader (app/route-prefetch.ts). */
export const reportQuery = (id: string) => ({ queryKey: reportKeys.detail(id), queryFn: () => getReport(id) });

export const useReport = (id: string) => useQuery(reportQuery(id));
