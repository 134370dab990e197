// The service worker caches GET /api/* answers by URL (vite.config.ts, cache "api"). Those answers
// belong to whoever was signed in, so the cache is emptied whenever the session changes hands.
export const API_CACHE_NAME = "api";

/** The IndexedDB database of the persisted query cache (QUERY_CACHE_DB of offline/query-cache-policy.ts). */
export const QUERY_CACHE_DB = "sitesnag-query-cache";

export async function clearApiCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch {
    // Cache storage can be unavailable (private mode, insecure origin); nothing to clear then.
  }
}

/**
 * Sign-in: the persisted query cache (offline/query-persistence.ts) of whoever was signed in on
 * this device goes. Deleting the database needs no code of the persister (the pre-rendered /login
 * page stays small); IndexedDB runs the deletion before any later open, so the new session's
 * restore cannot read the old reads, and an open connection closes itself on `versionchange`.
 */
export function deletePersistedQueries(): void {
  try {
    indexedDB.deleteDatabase(QUERY_CACHE_DB);
  } catch {
    // No IndexedDB (private mode in some browsers): nothing was persisted.
  }
}
