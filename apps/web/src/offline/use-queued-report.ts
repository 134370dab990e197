// A report captured offline and not yet on the server, read from the local queue with its photo
// blobs, for the read-only detail at /app/snagging/{tempId}. Once it has synced, `syncedId` names
// the server's id (the queue keeps tempId → id), so the screen can move to the real report.
// Dexie and the outbox (with the shared sync schemas, hence zod) load on first read, as in
// useOutbox, not with the report detail's chunk (issue 7, first-load budgets), and only when the
// user has an outbox in this browser (offline/outbox-presence.ts).
import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { useEffect, useState } from "react";
import { useAuthStore } from "../stores/auth-store";
import { outboxExists } from "./outbox-presence";

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
    const none = () => setView({ checked: true, item: null, photos: [], syncedId: null });
    let sub: { unsubscribe: () => void } | null = null;
    let cancelled = false;
    // No outbox in this browser, so nothing queued: opening a report must not create one (every
    // later start would then load Dexie and the sync code for the header's indicator).
    void outboxExists(userId)
      .then((exists) => (exists ? Promise.all([import("dexie"), import("./outbox")]) : null))
      .then((loaded) => {
        if (cancelled) return;
        if (!loaded) return none();
        const [{ liveQuery }, { outboxFor }] = loaded;
        const store = outboxFor(userId);
        sub = liveQuery(async () => {
          const item = (await store.items()).find((i) => i.action === "create" && i.tempId === tempId) ?? null;
          const photos = item ? await store.photos(item.photoIds) : [];
          const syncedId = item ? null : ((await store.mappings()).get(tempId) ?? null);
          return { checked: true as const, item, photos, syncedId };
        }).subscribe({ next: setView, error: none });
      })
      .catch(none);
    return () => {
      cancelled = true;
      sub?.unsubscribe();
    };
  }, [userId, tempId]);
  return view;
}
