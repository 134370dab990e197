// The audit store (audit-store-impl.ts: Dexie, zod and the shared audit schemas) loads when an
// audit screen first reads or writes, not with the screen's chunk, so the audits screens paint
// their shell and skeleton within the first-load budget (issue 7). The route loaders start the
// download with the route's chunk (router.tsx). Offline it comes from the service worker's precache.
type AuditStore = typeof import("./audit-store-impl");

let store: AuditStore | null = null;
let loading: Promise<AuditStore> | null = null;

export function loadAuditStore(): Promise<AuditStore> {
  loading ??= import("./audit-store-impl").then((m) => {
    store = m;
    return m;
  });
  loading.catch(() => {
    loading = null; // retried on the next read
  });
  return loading;
}

/** The store if it has loaded, for the few synchronous callers (a page being closed). */
export const loadedAuditStore = (): AuditStore | null => store;
