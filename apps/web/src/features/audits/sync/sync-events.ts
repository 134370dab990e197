// The audit sync's state (sync/audit-sync-web.ts writes it), small and import-free so screens and the
// shell's upload banner can follow it without loading the sync code on their first paint.
import { useSyncExternalStore } from "react";

export type AuditSyncState = {
  running: boolean;
  /** Audits sent in this run out of those the server lacked something of. */
  progress: { uploadsDone: number; uploadsTotal: number; firstUploads: number } | null;
  last: { synced: number; failed: number; remaining: number; offline: boolean } | null;
  /** Bumped after every run, so views re-read this device's copies. */
  version: number;
};

let state: AuditSyncState = { running: false, progress: null, last: null, version: 0 };
const listeners = new Set<() => void>();

export function setAuditSyncState(patch: Partial<AuditSyncState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}
export const auditSyncState = (): AuditSyncState => state;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
export const useAuditSyncState = (): AuditSyncState => useSyncExternalStore(subscribe, auditSyncState);

const loadSync = () => import("./audit-sync-web");
/** Starts syncing this user's audits (now, on reconnect, when the tab is shown); loads the code first. */
export const startAuditSync = (userId: string): void =>
  void loadSync()
    .then((m) => m.watchAuditSync(userId))
    .catch(() => undefined);
/** One run now (after a save, a new audit or an import). */
export const syncAuditsNow = (userId: string): Promise<void> =>
  loadSync()
    .then((m) => m.runAuditSync(userId))
    .catch(() => undefined);
