// The service worker caches GET /api/* answers by URL (vite.config.ts, cache "api"). Those answers
// belong to whoever was signed in, so the cache is emptied whenever the session changes hands.
export const API_CACHE_NAME = "api";
/** The service worker's cache of /files/ photos (vite.config.ts, cache "images"). */
export const IMAGES_CACHE_NAME = "images";

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

/**
 * Removes photos from the service worker's cache once their report (or the photos themselves) are
 * deleted: the server stops serving them, and this device stops keeping them. Best effort.
 */
export async function forgetCachedPhotos(urls: readonly (string | null | undefined)[]): Promise<void> {
  if (typeof caches === "undefined") return;
  const wanted = urls.filter((url): url is string => Boolean(url));
  try {
    if (wanted.length === 0 || !(await caches.has(IMAGES_CACHE_NAME))) return;
    const cache = await caches.open(IMAGES_CACHE_NAME);
    await Promise.all(
      wanted.map((url) => cache.delete(new URL(url, window.location.origin).href, { ignoreVary: true })),
    );
  } catch {
    // Cache storage unavailable: nothing was cached.
  }
}

/** Every cached photo at once (a deleted project: its reports' photos are not listed here). */
export async function clearPhotoCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    await caches.delete(IMAGES_CACHE_NAME);
  } catch {
    // Cache storage unavailable: nothing to clear.
  }
}

/** The photo and thumbnail URLs of a report's attachments (of those ids only, when given). */
export function photoUrlsOf(
  report: { attachments: readonly { id: string; file_path: string; thumbnail_path: string | null }[] } | undefined,
  onlyIds?: readonly string[],
): string[] {
  return (report?.attachments ?? [])
    .filter((a) => !onlyIds || onlyIds.includes(a.id))
    .flatMap((a) => (a.thumbnail_path ? [a.file_path, a.thumbnail_path] : [a.file_path]));
}
