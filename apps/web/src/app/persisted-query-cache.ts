// The entry chunk's handle on the persisted query cache (offline/query-persistence.ts, loaded
// lazily so the persister stays out of the first load of / and /login). The /app guard waits for
// the signed-in user's cache to be restored before showing a screen, so offline the screens open
// on the data seen before instead of a spinner or an error; sign-in and sign-out empty it.
// It takes the query client as an argument rather than importing it: the pre-rendered /login
// page empties the cache on sign-in and must not pull TanStack Query into its first load.
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

const load = () => import("../offline/query-persistence");

/** Pending clear: a restore started meanwhile waits for it, so it cannot read what is being deleted. */
let clearing: Promise<void> = Promise.resolve();
const restores = new Map<string, Promise<void>>();
const restored = new Set<string>();

/** Never keeps the app waiting long: a broken or blocked IndexedDB means starting without the copy. */
const RESTORE_PATIENCE_MS = 3000;

export function restoreQueryCache(queryClient: QueryClient, userId: string): Promise<void> {
  let restore = restores.get(userId);
  if (!restore) {
    const work = clearing
      .then(load)
      .then((m) => m.startQueryPersistence(queryClient, userId))
      .catch((error: unknown) => console.warn("Offline cache unavailable", error));
    restore = Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_PATIENCE_MS))]).then(
      () => {
        restored.add(userId);
      },
    );
    restores.clear();
    restored.clear();
    restores.set(userId, restore);
  }
  return restore;
}

export const isQueryCacheRestored = (userId: string): boolean => restored.has(userId);

/** Sign-in and sign-out: nothing of the previous session's reads survives in this browser. */
export function forgetQueryCache(): Promise<void> {
  restores.clear();
  restored.clear();
  clearing = clearing
    .then(load)
    .then((m) => m.clearPersistedQueries())
    .catch((error: unknown) => console.warn("The offline cache could not be emptied", error));
  return clearing;
}

/** True once `userId`'s persisted reads are back in the query client (or there were none). */
export function useQueryCacheRestored(queryClient: QueryClient, userId: string | undefined): boolean {
  const [restoredFor, setRestoredFor] = useState<string | null>(() => (userId && restored.has(userId) ? userId : null));
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
