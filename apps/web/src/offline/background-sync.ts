// Background Sync (issue 28, decision 0031): where the browser has it (Chromium, Android included),
// a queued change registers a one-off sync, and the browser wakes the service worker to send the
// queue once connectivity returns, even with the app closed (sw/outbox-sync.ts, the same queue code
// and the same server ledger, so still exactly once). Elsewhere (Safari, Firefox) nothing happens
// here: the queue drains when the app is open, as before.
import { useAuthStore } from "../stores/auth-store";
import { OUTBOX_SYNC_TAG } from "./background-sync-tag";
import { clearSyncSession, saveSyncSession } from "./sync-session";

export { OUTBOX_SYNC_TAG };

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };

export const backgroundSyncSupported = (): boolean =>
  typeof window !== "undefined" && "serviceWorker" in navigator && "SyncManager" in window;

/** Keeps the worker's copy of the session current while this page runs; empty once signed out. */
let watching = false;
function watchSession() {
  if (watching) return;
  watching = true;
  let last: string | null = null;
  const write = () => {
    const { user, accessToken, isAuthenticated } = useAuthStore.getState();
    const next = isAuthenticated && user && accessToken ? `${user.id} ${accessToken}` : null;
    if (next === last) return;
    last = next;
    void (user && accessToken && next ? saveSyncSession({ userId: user.id, accessToken }) : clearSyncSession()).catch(
      () => undefined,
    );
  };
  write();
  useAuthStore.subscribe(write);
}

/** After a change is queued: asks the browser to wake the worker when it is next online. Best effort. */
export async function requestBackgroundSync(): Promise<boolean> {
  if (!backgroundSyncSupported()) return false;
  try {
    watchSession();
    const registration = (await navigator.serviceWorker.getRegistration()) as SyncRegistration | undefined;
    if (!registration?.sync || !registration.active) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    // Permission refused (a browser setting) or no worker yet: the app drains the queue itself.
    return false;
  }
}
