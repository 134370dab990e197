// The browser's side of audit sync (decision 0027): the transport over the audits API, one run at a
// time across tabs (Web Locks), runs on demand, on reconnect and when a tab is shown again, and the
// run's state for the banner and the audit list. Loaded with the audit store, never on first paint.
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { ApiError, apiFetch } from "../../../lib/api-client";
import { loadAuditStore } from "../api/audit-store";
import { blobToBase64 } from "../storage/base64";
import { AuditRefused, type AuditTransport, syncAudits } from "./audit-sync";
import { auditSyncState, setAuditSyncState } from "./sync-events";

/** A 4xx is the server refusing this audit (kept on it); anything else means try again later. */
async function call(path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) {
  try {
    const res = await apiFetch(path, init);
    return res.status === 204 ? null : ((await res.json()) as { audit: AuditApi });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 401 &&
      error.status !== 429
    )
      throw new AuditRefused(error.body?.message ?? error.message, error.status);
    throw error;
  }
}
const audit = async (path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) =>
  ((await call(path, init)) as { audit: AuditApi }).audit;

export const webAuditTransport: AuditTransport = {
  create: (body) => audit("/audits", { method: "POST", body }),
  importAudit: (body) => audit("/audits/import", { method: "POST", body }),
  patch: (serverId, body) => audit(`/audits/${serverId}`, { method: "PATCH", body }),
  addPhoto: (serverId, itemId, photo, key) => {
    const form = new FormData();
    form.append("images", photo, "photo.jpg");
    return audit(`/audits/${serverId}/items/${encodeURIComponent(itemId)}/photos`, {
      method: "POST",
      body: form,
      headers: { "Idempotency-Key": key },
    });
  },
  removePhoto: async (serverId, photoId) => {
    try {
      await call(`/audits/${serverId}/photos/${photoId}`, { method: "DELETE" });
    } catch (error) {
      if (!(error instanceof AuditRefused && error.status === 404)) throw error;
    }
  },
  remove: async (serverId) => {
    try {
      await call(`/audits/${serverId}`, { method: "DELETE" });
    } catch (error) {
      if (!(error instanceof AuditRefused && error.status === 404)) throw error;
    }
  },
  findByClientId: async (clientId) => {
    const found = (await call(`/audits?clientId=${encodeURIComponent(clientId)}&limit=1`, {
      method: "GET",
    })) as unknown;
    return (found as { audits: { id: string }[] }).audits[0]?.id ?? null;
  },
};

const lockName = (userId: string) => `sitesnag-audit-sync-${userId}`;

/**
 * Deletes this device's copy of an audit now, and the server's through the next run (at once when
 * online). Taken under the sync's lock, so a run in progress never writes the record back over the
 * delete it would then miss.
 */
export async function deleteDeviceAudit(userId: string, auditId: string): Promise<void> {
  const { auditRepository } = await loadAuditStore();
  const remove = () => auditRepository.remove(userId, auditId);
  if (typeof navigator !== "undefined" && navigator.locks) await navigator.locks.request(lockName(userId), remove);
  else await remove();
  setAuditSyncState({ version: auditSyncState().version + 1 });
  void runAuditSync(userId);
}

/**
 * Restore (decision 0038): the answer another person's replaced goes back, as a plain change made
 * on the item's current version; the record learns that version so later answers build on it.
 * Under the sync's lock, so a run in progress does not write the record back without it.
 */
export async function restoreAnswer(
  userId: string,
  auditId: string,
  overwrite: { itemId: string; restore: Record<string, unknown>; version: number },
): Promise<void> {
  const { auditRepository, auditStorageDeps } = await loadAuditStore();
  const restore = async () => {
    const record = await auditRepository.getSync(auditId);
    if (!record?.serverId) throw new Error("This audit has not reached the server yet.");
    const answered = await audit(`/audits/${record.serverId}/items/${encodeURIComponent(overwrite.itemId)}`, {
      method: "PATCH",
      body: { ...overwrite.restore, version: overwrite.version },
    });
    const version = answered.items.find((i) => i.id === overwrite.itemId)?.version;
    if (record.versions && version !== undefined) {
      await auditStorageDeps.records.putSync({
        ...record,
        versions: { ...record.versions, [overwrite.itemId]: version },
      });
    }
  };
  if (typeof navigator !== "undefined" && navigator.locks) await navigator.locks.request(lockName(userId), restore);
  else await restore();
  setAuditSyncState({ version: auditSyncState().version + 1 });
}

const set = setAuditSyncState;

let again = false;
let current: Promise<void> | null = null;

/** Runs a sync now (or once more after the one running). One tab at a time; others skip. */
export function runAuditSync(userId: string): Promise<void> {
  if (current) {
    again = true;
    return current;
  }
  current = (async () => {
    do {
      again = false;
      await runOnce(userId);
    } while (again);
  })().finally(() => {
    current = null;
  });
  return current;
}

async function runOnce(userId: string) {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return;
  const store = await loadAuditStore();
  const run = async () => {
    set({ running: true, progress: null });
    try {
      const last = await syncAudits(
        {
          records: store.auditStorageDeps.records,
          transport: webAuditTransport,
          summaries: (id) => store.auditRepository.list(id),
          toBase64: blobToBase64,
        },
        userId,
        (progress) => set({ progress }),
      );
      set({ last });
    } catch {
      set({ last: { synced: 0, failed: 0, remaining: 0, offline: true } });
    } finally {
      set({ running: false, progress: null, version: auditSyncState().version + 1 });
    }
  };
  if (typeof navigator === "undefined" || !navigator.locks) return run();
  await navigator.locks.request(lockName(userId), { ifAvailable: true }, async (lock) => {
    if (lock) await run();
  });
}

const watching = new Set<string>();
/** Syncs now, and again whenever the connection comes back or the tab is shown. */
export function watchAuditSync(userId: string): void {
  void runAuditSync(userId);
  if (watching.has(userId)) return;
  watching.add(userId);
  window.addEventListener("online", () => void runAuditSync(userId));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void runAuditSync(userId);
  });
}
