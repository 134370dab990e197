// The service worker caches GET /api/* answers by URL (vite.config.ts, cache "api"). Those answers
// belong to whoever was signed in, so the cache is emptied whenever the session changes hands.
export const API_CACHE_NAME = "api";

export async function clearApiCache(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    await caches.delete(API_CACHE_NAME);
  } catch {
    // Cache storage can be unavailable (private mode, insecure origin); nothing to clear then.
  }
}
