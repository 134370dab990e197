// Live view of the signed-in user's queue for the screens (Dexie liveQuery re-runs on every
// change, in this tab or another).
import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { liveQuery } from "dexie";
import { useEffect, useState } from "react";
import { useAuthStore } from "../stores/auth-store";
import { outboxFor } from "./outbox";

export type OutboxView = { items: QueueItem[]; lastSync: number | null; photoBytes: number };
const EMPTY: OutboxView = { items: [], lastSync: null, photoBytes: 0 };

export function useOutbox(): OutboxView {
  const userId = useAuthStore((s) => s.user?.id);
  const [view, setView] = useState<OutboxView>(EMPTY);
  useEffect(() => {
    if (!userId) return;
    const store = outboxFor(userId);
    const sub = liveQuery(async () => ({
      items: await store.items(),
      lastSync: await store.lastSync(),
      photoBytes: await store.photoBytes(),
    })).subscribe({ next: setView, error: () => setView(EMPTY) });
    return () => sub.unsubscribe();
  }, [userId]);
  return view;
}
