import type { ReportStatus } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reportKeys } from "./get-reports";

export const updateReportStatus = async (id: string, status: ReportStatus): Promise<Report> =>
  (await api<{ report: Report }>(`/snagging/${encodeURIComponent(id)}`, { method: "PATCH", body: { status } })).report;

export function useUpdateReportStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ReportStatus) => updateReportStatus(id, status),
    // The detail shows the answer at once; lists and dashboard counts refetch through the query
    // client's invalidation after every write.
    onSuccess: (report) => queryClient.setQueryData(reportKeys.detail(id), report),
  });
}
