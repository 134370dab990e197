import type { TrashItem, TrashList } from "@sitesnag/shared/trash";
import { useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

export const trashKeys = { list: ["trash"] as const };

export const trashQuery = () => ({
  queryKey: trashKeys.list,
  queryFn: async (): Promise<TrashItem[]> => (await api<TrashList>("/trash")).items,
});

export const useTrash = () => useQuery(trashQuery());

/** Restores one item; the app's one invalidation point then refreshes every list and count. */
export const useRestoreTrashItem = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<{ restored: { kind: "project" | "report"; id: string } }>(`/trash/${encodeURIComponent(id)}/restore`, {
        method: "POST",
      }),
  });

/**
 * Deletes one item for good (the owner only). Already gone (a repeated tap, another tab, the hourly
 * purge): the outcome the person asked for, so it settles as done and the list refreshes.
 */
export const usePurgeTrashItem = () =>
  useMutation({
    mutationFn: async (id: string) => {
      try {
        await api<void>(`/trash/${encodeURIComponent(id)}`, { method: "DELETE" });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
  });
