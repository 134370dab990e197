// Live view of the signed-in user's queue for the screens (Dexie liveQuery re-runs on every
// change, in this tab or another). Dexie and the outbox (with the shared sync schemas, hence zod)
// load when a screen first reads the queue, not with the screen's chunk: the view is empty for
// that moment, as it is before the first liveQuery answer anyway. Issue 7 (first-load budgets).
// Nothing is loaded while the user has no outbox in this browser (outbox-presence.ts).
import type { PartialBulk, QueueItem } from "@sitesnag/shared/sync-queue";
import { useEffect, useState } from "react";
import { useAuthStore } from "../stores/auth-store";
import { whenOutboxExists } from "./outbox-presence";

export type OutboxView = {
  items: QueueItem[];
  lastSync: number | null;
  photoBytes: number;
  /** Bulk changes made offline that reached only some reports, until dismissed (decision 0085). */
  notices: PartialBulk[];
};
const EMPTY: OutboxView = { items: [], lastSync: null, photoBytes: 0, notices: [] };

export function useOutbox(): OutboxView {
  const userId = useAuthStore((s) => s.user?.id);
  const [view, setView] = useState<OutboxView>(EMPTY);
  useEffect(() => {
    if (!userId) return;
    let sub: { unsubscribe: () => void } | null = null;
    let cancelled = false;
    const stopWaiting = whenOutboxExists(userId, () => {
      void Promise.all([import("dexie"), import("./outbox")])
        .then(([{ liveQuery }, { outboxFor }]) => {
          if (cancelled) return;
          const store = outboxFor(userId);
          sub = liveQuery(async () => ({
            items: await store.items(),
            lastSync: await store.lastSync(),
            photoBytes: await store.photoBytes(),
            notices: await store.notices(),
          })).subscribe({ next: setView, error: () => setView(EMPTY) });
        })
        .catch(() => setView(EMPTY));
    });
    return () => {
      cancelled = true;
      stopWaiting();
      sub?.unsubscribe();
    };
  }, [userId]);
  return view;
}
