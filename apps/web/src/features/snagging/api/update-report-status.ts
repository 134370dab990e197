import type { ReportStatus } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../stores/auth-store";
import { reportKeys } from "./get-reports";

/** With the version shown, so a status someone else set meanwhile is replaced knowingly (issue 23). */
export const updateReportStatus = async (id: string, status: ReportStatus, version?: number): Promise<Report> =>
  (
    await api<{ report: Report }>(`/snagging/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: version ? { status, version } : { status },
    })
  ).report;

export type StatusOutcome = { report: Report | undefined; queued: boolean };

/** fetch rejects with a TypeError only when no answer came back (no network). */
const noNetwork = (err: unknown) => err instanceof TypeError;

export function useUpdateReportStatus(id: string) {
  const queryClient = useQueryClient();
  const queue = async (status: ReportStatus): Promise<StatusOutcome> => {
    const userId = useAuthStore.getState().user?.id;
    if (!userId) throw new Error("Sign in again to change the status.");
    const { queueChange } = await import("../../../offline/outbox");
    const cached = queryClient.getQueryData<Report>(reportKeys.detail(id));
    await queueChange(userId, "status", id, cached?.version ? { status, version: cached.version } : { status });
    return { report: cached ? { ...cached, status } : undefined, queued: true };
  };
  return useMutation({
    mutationFn: async (status: ReportStatus): Promise<StatusOutcome> => {
      // SPEC §4 / issue 10: with no network the change is queued, in order, and shown pending.
      if (!navigator.onLine) return queue(status);
      try {
        const version = queryClient.getQueryData<Report>(reportKeys.detail(id))?.version;
        return { report: await updateReportStatus(id, status, version), queued: false };
      } catch (err) {
        if (noNetwork(err)) return queue(status);
        throw err;
      }
    },
    networkMode: "always",
    // The detail shows the answer (or the queued status) at once; lists and dashboard counts
    // refetch through the query client's invalidation after every write.
    onSuccess: ({ report }) => {
      if (report) queryClient.setQueryData(reportKeys.detail(id), report);
    },
  });
}
