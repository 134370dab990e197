// Drawing tiles in the service worker (issue 24, decision 0022), imported by the Workbox worker
// before its own routes (vite.config.ts importScripts), which leave /files/sheets/ to this file.
// - "plans-offline": the tiles of projects made available offline, written by the page
//   (features/sheets/lib/offline-plans.ts); never evicted here, removed when the user says so.
// - "plans-recent": tiles seen online, least recently used out first beyond RECENT_CAP entries.
// A request marked x-sitesnag-offline (the page filling plans-offline) goes to the network only.
const OFFLINE = "plans-offline";
const RECENT = "plans-recent";
const RECENT_CAP = 4000;
let putsSinceTrim = 0;

async function trimRecent(cache) {
  const keys = await cache.keys();
  // Cache keys keep insertion order, and a hit is put again (below): the first are the least recent.
  for (const request of keys.slice(0, Math.max(0, keys.length - RECENT_CAP))) await cache.delete(request);
}

async function answer(event) {
  const { request } = event;
  const kept = await caches.match(request, { cacheName: OFFLINE });
  if (kept) return kept;
  const recent = await caches.open(RECENT);
  const hit = await recent.match(request);
  if (hit) {
    event.waitUntil(recent.delete(request).then(() => recent.put(request, hit.clone())));
    return hit;
  }
  const response = await fetch(request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(
      recent
        .put(request, copy)
        .then(() => {
          putsSinceTrim += 1;
          if (putsSinceTrim >= 50) {
            putsSinceTrim = 0;
            return trimRecent(recent);
          }
          return undefined;
        })
        .catch(() => undefined),
    );
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith("/files/sheets/")) return;
  if (request.headers.get("x-sitesnag-offline")) return;
  event.respondWith(answer(event));
});
