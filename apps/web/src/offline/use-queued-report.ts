// A report captured offline and not yet on the server, read from the local queue with its photo
// blobs, for the read-only detail at /app/snagging/{tempId}. Once it has synced, `syncedId` names
// the server's id (the queue keeps tempId → id), so the screen can move to the real report.
import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { liveQuery } from "dexie";
import { useEffect, useState } from "react";
import { useAuthStore } from "../stores/auth-store";
import { outboxFor } from "./outbox";

export type QueuedReport =
  | { checked: false }
  | {
      checked: true;
      item: QueueItem | null;
      photos: { id: string; blob: Blob; name: string }[];
      syncedId: string | null;
    };

export function useQueuedReport(tempId: string): QueuedReport {
  const userId = useAuthStore((s) => s.user?.id);
  const [view, setView] = useState<QueuedReport>({ checked: false });
  useEffect(() => {
    if (!userId) return;
    setView({ checked: false });
    const store = outboxFor(userId);
    const sub = liveQuery(async () => {
      const item = (await store.items()).find((i) => i.action === "create" && i.tempId === tempId) ?? null;
      const photos = item ? await store.photos(item.photoIds) : [];
      const syncedId = item ? null : ((await store.mappings()).get(tempId) ?? null);
      return { checked: true as const, item, photos, syncedId };
    }).subscribe({
      next: setView,
      error: () => setView({ checked: true, item: null, photos: [], syncedId: null }),
    });
    return () => sub.unsubscribe();
  }, [userId, tempId]);
  return view;
}
