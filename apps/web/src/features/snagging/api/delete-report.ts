import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { reportKeys } from "./get-reports";

export const deleteReport = (id: string): Promise<void> =>
  api<void>(`/snagging/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useDeleteReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteReport(id),
    // The deleted report's own query must not refetch into a 404 while the page leaves.
    onSuccess: () => queryClient.removeQueries({ queryKey: reportKeys.detail(id) }),
  });
}
