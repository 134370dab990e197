// IndexedDB implementation of AuditRecords, in its own database so it never collides with the
// snag outbox (another database) or needs its schema migrations.
import type { AuditDetail } from "@sitesnag/shared/audits";
import { Dexie, type EntityTable } from "dexie";
import {
  type AuditDraft,
  type AuditRecords,
  type AuditSyncRecord,
  referencedPhotoIds,
  type StoredPhoto,
} from "./audit-records";

export const AUDIT_DB_NAME = "sitesnag-audits";

class AuditDatabase extends Dexie {
  details!: EntityTable<AuditDetail, "auditId">;
  drafts!: EntityTable<AuditDraft, "auditId">;
  photos!: EntityTable<StoredPhoto, "id">;
  sync!: EntityTable<AuditSyncRecord, "auditId">;

  constructor(name: string, deps?: IndexedDbDeps) {
    super(name, deps);
    this.version(1).stores({ details: "auditId, userId", drafts: "auditId", photos: "id, auditId" });
    // Issue 25: what the server holds of each audit (decision 0027).
    this.version(2).stores({ sync: "auditId, userId" });
  }
}

/** Tests pass fake-indexeddb here; the browser's own IndexedDB is used otherwise. */
export type IndexedDbDeps = { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };

export function createDexieAuditRecords(name = AUDIT_DB_NAME, deps?: IndexedDbDeps): AuditRecords & { close(): void } {
  const db = new AuditDatabase(name, deps);
  return {
    close: () => db.close(),
    getDetail: (auditId) => db.details.get(auditId),
    getDraft: (auditId) => db.drafts.get(auditId),
    putDraft: async (draft) => {
      await db.drafts.put(draft);
    },
    putDraftNow: (draft) => {
      if (!db.isOpen()) return false;
      try {
        // The native handle: Dexie's own put would wait for a microtask the unloading page never runs.
        const tx = db.backendDB().transaction("drafts", "readwrite");
        tx.objectStore("drafts").put(draft);
        tx.commit();
        return true;
      } catch {
        return false;
      }
    },
    deleteDraft: (auditId) => db.drafts.delete(auditId),
    saveDetail: (detail) =>
      db.transaction("rw", db.details, db.drafts, db.photos, async () => {
        await db.details.put(detail);
        await db.drafts.delete(detail.auditId);
        const keep = referencedPhotoIds(detail);
        const stale = (await db.photos.where("auditId").equals(detail.auditId).primaryKeys()).filter(
          (id) => !keep.has(id),
        );
        await db.photos.bulkDelete(stale);
      }),
    putDetail: async (detail) => {
      await db.details.put(detail);
    },
    putPhoto: async (photo) => {
      await db.photos.put(photo);
    },
    getPhotos: async (ids) => (await db.photos.bulkGet([...ids])).filter((p): p is StoredPhoto => p !== undefined),
    photosOfAudit: (auditId) => db.photos.where("auditId").equals(auditId).toArray(),
    importAudits: (entries) =>
      db.transaction("rw", db.details, db.photos, async () => {
        await db.details.bulkPut(entries.map((e) => e.detail));
        await db.photos.bulkPut(entries.flatMap((e) => e.photos));
      }),
    deleteAudit: (auditId, tombstone) =>
      db.transaction("rw", [db.details, db.drafts, db.photos, db.sync], async () => {
        await db.details.delete(auditId);
        await db.drafts.delete(auditId);
        await db.photos.where("auditId").equals(auditId).delete();
        if (tombstone) await db.sync.put(tombstone);
        else await db.sync.delete(auditId);
      }),
    getSync: (auditId) => db.sync.get(auditId),
    putSync: async (record) => {
      await db.sync.put(record);
    },
    syncRecords: (userId) => db.sync.where("userId").equals(userId).toArray(),
  };
}
