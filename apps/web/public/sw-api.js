// API reads in the service worker (issue 28, decision 0031), imported by the Workbox worker before
// its own routes (vite.config.ts importScripts). Network first; when the network is gone (or has
// not answered in 10 s) the last successful answer is served, for up to a week, so a screen opened
// online reloads offline hours later (the persisted query cache, offline/query-persistence.ts,
// covers the screens it keeps; this covers every GET under /api/).
// - Each answer is kept under its user: the cache key carries the subject of the request's access
//   token, so one user's answers are never served to another on a shared device, even if the
//   sign-out's clearing of the cache (lib/offline-cache.ts) did not run.
// - An answer served from here carries `x-sitesnag-cached-at` (when it was fetched): the app marks
//   what it shows as possibly out of date (lib/api-client.ts, features/pwa/offline-banner.tsx).
// - Never cached: /api/auth/* (tokens), a share link's photos (they stop with the link) and anything
//   but a 200.
const API_CACHE = "api"; // API_CACHE_NAME of lib/offline-cache.ts: emptied on sign-in and sign-out
const API_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000; // the refresh token's lifetime, as the query cache
const API_MAX_ENTRIES = 500;
const API_NETWORK_TIMEOUT_MS = 10_000;
let apiPutsSinceTrim = 0;

/** The access token's subject (the user id), or "anonymous": only a partition key, never trusted. */
function apiUserOf(request) {
  const header = request.headers.get("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7) : "";
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replaceAll("-", "+").replaceAll("_", "/")));
    return typeof payload.sub === "string" && payload.sub ? payload.sub : "anonymous";
  } catch {
    return "anonymous";
  }
}

/** The cache key: the request's URL plus its user (a parameter no route reads; it is never sent). */
function apiCacheKey(request) {
  const url = new URL(request.url);
  url.searchParams.set("sw-user", apiUserOf(request));
  return url.href;
}

async function apiTrim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - API_MAX_ENTRIES))) await cache.delete(key);
}

async function apiStore(key, response) {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set("x-sitesnag-stored-at", String(Date.now()));
  const cache = await caches.open(API_CACHE);
  // Re-put so the newest answers sit last (the trim drops the first).
  await cache.delete(key);
  await cache.put(key, new Response(body, { status: 200, statusText: response.statusText, headers }));
  apiPutsSinceTrim += 1;
  if (apiPutsSinceTrim >= 50) {
    apiPutsSinceTrim = 0;
    await apiTrim(cache);
  }
}

async function apiCached(key) {
  const cache = await caches.open(API_CACHE);
  const hit = await cache.match(key);
  if (!hit) return null;
  const storedAt = Number(hit.headers.get("x-sitesnag-stored-at"));
  if (!Number.isFinite(storedAt) || Date.now() - storedAt > API_MAX_AGE_MS) {
    await cache.delete(key);
    return null;
  }
  const headers = new Headers(hit.headers);
  headers.delete("x-sitesnag-stored-at");
  headers.set("x-sitesnag-cached-at", String(storedAt));
  return new Response(hit.body, { status: 200, statusText: hit.statusText, headers });
}

async function apiAnswer(event) {
  const { request } = event;
  const key = apiCacheKey(request);
  const network = fetch(request).then((response) => {
    if (response.status === 200) event.waitUntil(apiStore(key, response.clone()).catch(() => undefined));
    return response;
  });
  // Network first; if it is slow, the copy (when there is one) answers meanwhile.
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, API_NETWORK_TIMEOUT_MS, "slow");
  });
  try {
    const first = await Promise.race([network, slow]);
    if (first !== "slow") return first;
    const copy = await apiCached(key).catch(() => null);
    if (copy) {
      event.waitUntil(network.catch(() => undefined));
      return copy;
    }
    return await network;
  } catch (error) {
    const copy = await apiCached(key).catch(() => null);
    if (copy) return copy;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/api/auth/")) return;
  // The live stream (issue 39) never ends and is never kept: straight to the network.
  if (url.pathname === "/api/events") return;
  // A share link's photos stop with the link (decision 0048): only their short private browser cache.
  if (/^\/api\/share\/[^/]+\/reports\/[^/]+\/photos\//.test(url.pathname)) return;
  event.respondWith(apiAnswer(event));
});
