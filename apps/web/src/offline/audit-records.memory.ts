// In-memory AuditRecords for unit tests and for browsers where IndexedDB cannot open (some
// private modes): same contract, nothing survives a reload.
import type { AuditDetail } from "@sitesnag/shared/audits";
import {
  type AuditDraft,
  type AuditRecords,
  type AuditSyncRecord,
  referencedPhotoIds,
  type StoredPhoto,
} from "./audit-records";

export function createMemoryAuditRecords(): AuditRecords {
  const details = new Map<string, AuditDetail>();
  const drafts = new Map<string, AuditDraft>();
  const photos = new Map<string, StoredPhoto>();
  const sync = new Map<string, AuditSyncRecord>();
  // structuredClone: callers must not be able to change stored records by mutating what they got.
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    getDetail: async (id) => (details.has(id) ? copy(details.get(id)) : undefined),
    getDraft: async (id) => (drafts.has(id) ? copy(drafts.get(id)) : undefined),
    putDraft: async (draft) => void drafts.set(draft.auditId, copy(draft)),
    putDraftNow: (draft) => {
      drafts.set(draft.auditId, copy(draft));
      return true;
    },
    deleteDraft: async (id) => void drafts.delete(id),
    saveDetail: async (detail) => {
      details.set(detail.auditId, copy(detail));
      drafts.delete(detail.auditId);
      const keep = referencedPhotoIds(detail);
      for (const [id, p] of photos) if (p.auditId === detail.auditId && !keep.has(id)) photos.delete(id);
    },
    putDetail: async (detail) => void details.set(detail.auditId, copy(detail)),
    putPhoto: async (photo) => void photos.set(photo.id, photo),
    getPhotos: async (ids) => ids.flatMap((id) => (photos.has(id) ? [photos.get(id) as StoredPhoto] : [])),
    photosOfAudit: async (auditId) => [...photos.values()].filter((p) => p.auditId === auditId),
    importAudits: async (entries) => {
      for (const e of entries) {
        details.set(e.detail.auditId, copy(e.detail));
        for (const p of e.photos) photos.set(p.id, p);
      }
    },
    deleteAudit: async (auditId, tombstone) => {
      details.delete(auditId);
      drafts.delete(auditId);
      for (const [id, p] of photos) if (p.auditId === auditId) photos.delete(id);
      if (tombstone) sync.set(auditId, copy(tombstone));
      else sync.delete(auditId);
    },
    getSync: async (id) => (sync.has(id) ? copy(sync.get(id)) : undefined),
    putSync: async (record) => void sync.set(record.auditId, copy(record)),
    syncRecords: async (userId) => [...sync.values()].filter((r) => r.userId === userId).map(copy),
  };
}
