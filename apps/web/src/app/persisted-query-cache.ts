// The entry chunk's handle on the persisted query cache (offline/query-persistence.ts, loaded
// lazily so the persister stays out of the first load). The /app guard waits for the signed-in
// user's cache to be restored before showing a screen, so offline the screens open on the data
// seen before instead of a spinner or an error; sign-out empties it (sign-in deletes it too:
// lib/offline-cache.ts). It takes the query client as an argument rather than importing it, so
// the pre-rendered /login page never pulls TanStack Query into its first load.
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

const load = () => import("../offline/query-persistence");

/** Pending clear: a restore started meanwhile waits for it, so it cannot read what is being deleted. */
let clearing: Promise<unknown> = Promise.resolve();
let current: { userId: string; done: Promise<void> } | null = null;
let restoredUser: string | null = null;

/**
 * Restores `userId`'s persisted reads (once per user) and keeps saving them. Never keeps the app
 * waiting long: a broken or blocked IndexedDB means starting without the copy after 3 s.
 */
export function restoreQueryCache(queryClient: QueryClient, userId: string): Promise<void> {
  if (current?.userId !== userId) {
    restoredUser = null;
    const done = Promise.race([
      clearing.then(load).then((m) => m.startQueryPersistence(queryClient, userId)),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
      .catch(() => {})
      .then(() => {
        if (current?.userId === userId) restoredUser = userId;
      });
    current = { userId, done };
  }
  return current.done;
}

export const isQueryCacheRestored = (userId: string): boolean => restoredUser === userId;

/** Sign-out: stop saving, and nothing of the session's reads survives in this browser. */
export function forgetQueryCache(): Promise<unknown> {
  current = null;
  restoredUser = null;
  clearing = clearing.then(load).then((m) => m.clearPersistedQueries());
  clearing = clearing.catch(() => {});
  return clearing;
}

/** True once `userId`'s persisted reads are back in the query client (or there were none). */
export function useQueryCacheRestored(queryClient: QueryClient, userId: string | undefined): boolean {
  const [restoredFor, setRestoredFor] = useState(() => (userId && isQueryCacheRestored(userId) ? userId : null));
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void restoreQueryCache(queryClient, userId).then(() => live && setRestoredFor(userId));
    return () => {
      live = false;
    };
  }, [queryClient, userId]);
  return userId !== undefined && restoredFor === userId;
}
