import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { forgetCachedPhotos, photoUrlsOf } from "../../../lib/offline-cache";
import { useAuthStore } from "../../../stores/auth-store";
import { reportKeys } from "./get-reports";

export const deleteReport = (id: string): Promise<void> =>
  api<void>(`/snagging/${encodeURIComponent(id)}`, { method: "DELETE" });

export type DeleteOutcome = { queued: boolean };

/**
 * Online it deletes at once; with no network (or no answer) the delete is queued in order behind
 * the report's other queued changes and the report shows it pending until it syncs (issue 10).
 */
export function useDeleteReport(id: string) {
  const queryClient = useQueryClient();
  const queue = async (): Promise<DeleteOutcome> => {
    const userId = useAuthStore.getState().user?.id;
    if (!userId) throw new Error("Sign in again to delete reports.");
    const { queueChange } = await import("../../../offline/outbox");
    await queueChange(userId, "delete", id);
    return { queued: true };
  };
  return useMutation({
    mutationFn: async (): Promise<DeleteOutcome> => {
      if (!navigator.onLine) return queue();
      try {
        await deleteReport(id);
        return { queued: false };
      } catch (err) {
        // fetch rejects with a TypeError only when no answer came back.
        if (err instanceof TypeError) return queue();
        throw err;
      }
    },
    networkMode: "always",
    // The deleted report's own query must not refetch into a 404 while the page leaves, and its
    // photos leave the service worker's cache.
    onSuccess: ({ queued }) => {
      if (queued) return;
      void forgetCachedPhotos(photoUrlsOf(queryClient.getQueryData<Report>(reportKeys.detail(id))));
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) });
    },
  });
}
