// Where a site audit's heavy parts live on this device: the detail (form data, checklist,
// signatures), the unsaved working copy (draft) and the photos, as Blobs. Summaries stay in
// localStorage (`site_audits`, see features/audits/storage) because the dashboard reads them
// synchronously; everything here is too large for localStorage's ~5 MB (DESIGN §5).
//
// Guarantees every implementation keeps:
// - `saveDetail` writes the detail, removes the draft and drops photos no longer referenced by
//   either, all or nothing (one IndexedDB transaction), so a crash never leaves half an audit.
// - `importAudits` writes every detail and photo of a backup in one transaction, or none.
// - Records are keyed by audit id; the caller checks the owner (`userId`) before showing one.
import type { AuditDetail } from "@sitesnag/shared/audits";

export type StoredPhoto = { id: string; auditId: string; type: string; blob: Blob; createdAt: number };
export type AuditDraft = { auditId: string; detail: AuditDetail; savedAt: number };

/**
 * What the server holds of a saved audit (decision 0027): its id there, the detail as the server
 * last acknowledged it (`base`; null until anything was sent after a create), which local photo is
 * which server photo, and whether the server has it completed. The audit's outbox is the
 * difference between the saved detail and `base`, sent per item and removed by moving `base`.
 * No record: an audit saved by an earlier version (or imported from a backup file), uploaded whole.
 */
export type AuditSyncRecord = {
  auditId: string;
  userId: string;
  serverId: string | null;
  /** How the audit first reaches the server: created (POST with clientId) or uploaded whole (import). */
  origin: "create" | "import";
  base: AuditDetail | null;
  photoMap: Record<string, string>;
  completed: boolean;
  /** The saved detail's `updatedAt` that the server has in full; 0 before the first sync. */
  syncedUpdatedAt: number;
  /** The server's refusal of the last attempt (a 4xx), shown on the audit until a sync succeeds. */
  error: string | null;
  /**
   * Each item's version as the server last acknowledged it to this device (decision 0038), sent
   * with an answer so the server can tell another person's change since. Absent on records made
   * before 0038: their answers go without a version (last write wins, as before).
   */
  versions?: Record<string, number>;
  /**
   * Deleted on this device while the server still has it: the record alone is left (no detail,
   * photos or summary) until DELETE /api/audits/{serverId} is acknowledged, then it goes too.
   */
  deleted?: boolean;
};

export interface AuditRecords {
  getDetail(auditId: string): Promise<AuditDetail | undefined>;
  getDraft(auditId: string): Promise<AuditDraft | undefined>;
  putDraft(draft: AuditDraft): Promise<void>;
  /**
   * Issues the draft write before returning, for pagehide: a promise-based write started while the
   * page unloads never reaches the database. Best effort; false when it could not be issued.
   */
  putDraftNow(draft: AuditDraft): boolean;
  deleteDraft(auditId: string): Promise<void>;
  /** Writes the saved detail, removes the draft and unreferenced photos, in one transaction. */
  saveDetail(detail: AuditDetail): Promise<void>;
  /** Replaces the saved detail only (a field changed behind the user's back, e.g. a snag link). */
  putDetail(detail: AuditDetail): Promise<void>;
  putPhoto(photo: StoredPhoto): Promise<void>;
  getPhotos(ids: readonly string[]): Promise<StoredPhoto[]>;
  photosOfAudit(auditId: string): Promise<StoredPhoto[]>;
  importAudits(entries: readonly { detail: AuditDetail; photos: StoredPhoto[] }[]): Promise<void>;
  /**
   * Removes the audit's detail, draft and photos, and its sync record, all or nothing; with a
   * `tombstone`, that record is kept in place of the sync record (a delete still to send).
   */
  deleteAudit(auditId: string, tombstone?: AuditSyncRecord): Promise<void>;
  getSync(auditId: string): Promise<AuditSyncRecord | undefined>;
  putSync(record: AuditSyncRecord): Promise<void>;
  syncRecords(userId: string): Promise<AuditSyncRecord[]>;
}

/** Photo ids an audit still needs: those of its saved detail and of its draft. */
export function referencedPhotoIds(...details: (AuditDetail | undefined)[]): Set<string> {
  return new Set(details.flatMap((d) => d?.checklist.flatMap((i) => i.photos) ?? []));
}
