// The copy of an audit's unsaved changes written while its page closes. IndexedDB cannot promise
// that: Chrome aborts a tab's open transactions when it unloads, so a write started in `pagehide`
// is lost under load (the reload test caught it). localStorage.setItem is synchronous and kept,
// so the closing write goes there, under one key per audit, and the next load moves it back
// into the IndexedDB draft and removes it. Only ids of photos are in it: their bytes are already
// in IndexedDB when they appear on the page.
import { type AuditDetail, AuditDetailSchema } from "@sitesnag/shared/audits";

const keyFor = (auditId: string) => `site_audits_closing_${auditId}`;

/** False when the copy could not be written (storage full or unavailable). */
export function writeClosingCopy(storage: Storage, detail: AuditDetail): boolean {
  try {
    storage.setItem(keyFor(detail.auditId), JSON.stringify(detail));
    return true;
  } catch {
    return false;
  }
}

export function readClosingCopy(storage: Storage, auditId: string, userId: string): AuditDetail | null {
  try {
    const raw = storage.getItem(keyFor(auditId));
    if (!raw) return null;
    const parsed = AuditDetailSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.auditId === auditId && parsed.data.userId === userId ? parsed.data : null;
  } catch {
    return null;
  }
}

export function removeClosingCopy(storage: Storage, auditId: string): void {
  try {
    storage.removeItem(keyFor(auditId));
  } catch {
    // Nothing to do: a stale copy is older than what load() prefers anyway.
  }
}
