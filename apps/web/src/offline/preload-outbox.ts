// The outbox ahead of need (issue 33). A screen that can write offline loads the queue (and Dexie)
// with itself, not when the signal has already gone: on a first visit the service worker does not
// control the page yet, so a chunk first asked for offline cannot be fetched and the change would
// have nowhere to go. Loaded once, the modules stay in the page: later `import()`s of them resolve
// with no network. Cheap when repeated (the browser's module map answers).
export function preloadOutbox(): Promise<unknown> {
  return Promise.all([import("dexie"), import("./outbox")]);
}
