// Every read and write of a site audit on this device goes through here: the summary list in
// localStorage and the detail, draft, photos and sync record in AuditRecords (IndexedDB in the
// browser). The device copy is the working copy; sync/audit-sync.ts sends what the server lacks
// (decision 0027).
//
// Write order: IndexedDB first, then the summary. A summary in the list therefore always has a
// detail behind it; a crash in between leaves at worst a detail that the list does not show yet.
import { auditStatusFor, complianceScore, countStatuses } from "@sitesnag/shared/audit-scoring";
import { type AuditTemplateRef, templateScore } from "@sitesnag/shared/audit-template-model";
import {
  AUDIT_TEMPLATE_VERSION,
  type AuditDetail,
  type AuditSummary,
  type NewAuditValues,
  newChecklist,
  type SnagLink,
} from "@sitesnag/shared/audits";
import type { AuditRecords, AuditSyncRecord, StoredPhoto } from "../../../offline/audit-records";
import { findSummary, listSummaries, putSummaries, removeSummary } from "./audit-summaries";
import { stampChangedItems } from "./changed-items";
import { readClosingCopy, removeClosingCopy, writeClosingCopy } from "./closing-copy";
import { isoDateToSeconds, seconds } from "./dates";

export type AuditOwner = { id: string; name: string };
export type AuditProject = { id: string; name: string; location: string };
export type LoadedAudit = { summary: AuditSummary; saved: AuditDetail; draft: AuditDetail | null };

export type RepositoryDeps = {
  records: AuditRecords;
  storage: Storage;
  now?: () => number;
  newId?: () => string;
};

export { isoDateToSeconds } from "./dates";

/** A random UUID v4; crypto.randomUUID exists only on https, getRandomValues everywhere. */
export function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The `updatedAt` of a new saved version: now, but always later than the version it replaces, even
 * within the same second. The sync record says how far the server has the audit by this stamp
 * (`syncedUpdatedAt`), so a change saved in the same second as the last synced version must get a
 * later one, or it would count as sent and never be sent. Rapid saves run a few seconds ahead of
 * the clock at most, and the clock catches up.
 */
export const nextStamp = (saved: Pick<AuditDetail, "updatedAt"> | undefined, at: number): number =>
  Math.max(at, (saved?.updatedAt ?? 0) + 1);

export function createAuditRepository({ records, storage, now = () => Date.now(), newId = randomId }: RepositoryDeps) {
  /** The summary as the list shows it, recomputed from a detail. */
  const summarise = (previous: AuditSummary, detail: AuditDetail): AuditSummary => {
    const counts = countStatuses(detail.checklist);
    const date = detail.formData.auditDate ? isoDateToSeconds(detail.formData.auditDate) : Number.NaN;
    return {
      ...previous,
      projectName: detail.formData.projectName.trim() || previous.projectName,
      auditorName: detail.formData.auditorName.trim() || previous.auditorName,
      auditDate: Number.isFinite(date) ? date : previous.auditDate,
      status: auditStatusFor(detail.auditorSignature, detail.siteRepSignature),
      // A custom template's weights and answer sets (decision 0028); the standard one as before.
      overallScore: detail.template
        ? templateScore(detail.template, (id) => detail.checklist.find((i) => i.id === id)?.status ?? "").score
        : complianceScore(detail.checklist),
      totalItems: counts.total,
      passedItems: counts.compliant,
      failedItems: counts.nonCompliant,
      notes: detail.notes,
      templateVersion: detail.templateVersion,
      // The detail's own time, so the sync record (which keeps it) and the list agree.
      updatedAt: detail.updatedAt,
    };
  };
  const newRecord = (auditId: string, userId: string, patch: Partial<AuditSyncRecord>): AuditSyncRecord => ({
    auditId,
    userId,
    serverId: null,
    origin: "create",
    base: null,
    photoMap: {},
    completed: false,
    syncedUpdatedAt: 0,
    error: null,
    versions: {},
    ...patch,
  });

  return {
    list: (userId: string): AuditSummary[] => listSummaries(storage, userId),

    async create(
      owner: AuditOwner,
      project: AuditProject,
      input: NewAuditValues,
      template?: AuditTemplateRef,
    ): Promise<AuditSummary> {
      const id = newId();
      const at = seconds(now());
      const time = new Date(now()).toISOString().slice(11, 16);
      const detail: AuditDetail = {
        auditId: id,
        userId: owner.id,
        templateVersion: template?.version ?? AUDIT_TEMPLATE_VERSION,
        notes: input.notes,
        formData: {
          projectType: [],
          projectName: project.name,
          siteAddress: project.location,
          principalContractor: "",
          auditorName: owner.name,
          auditorRole: "",
          auditDate: input.auditDate,
          auditTime: time,
          weather: "",
          shift: "",
          inductionConfirmed: false,
          siteContact: "",
          siteContactTel: "",
        },
        checklist: newChecklist(template),
        ...(template ? { template } : {}),
        auditorSignature: "",
        auditorSignedAt: null,
        siteRepName: "",
        siteRepSignature: "",
        siteRepSignedAt: null,
        updatedAt: at,
      };
      const base: AuditSummary = {
        id,
        userId: owner.id,
        projectId: project.id,
        projectName: project.name,
        auditDate: isoDateToSeconds(input.auditDate),
        auditorName: owner.name,
        status: "draft",
        overallScore: 0,
        totalItems: 0,
        passedItems: 0,
        failedItems: 0,
        notes: input.notes,
        templateVersion: template?.version ?? AUDIT_TEMPLATE_VERSION,
        createdAt: at,
        updatedAt: at,
      };
      await records.saveDetail(detail);
      // Made in this version: it reaches the server by POST /api/audits with its id as clientId.
      await records.putSync(newRecord(id, owner.id, { origin: "create" }));
      const summary = summarise(base, detail);
      putSummaries(storage, [summary]);
      return summary;
    },

    /** The saved audit and, when one exists, the newer unsaved working copy. Null when not this user's. */
    async load(userId: string, id: string): Promise<LoadedAudit | null> {
      const summary = findSummary(storage, userId, id);
      if (!summary) return null;
      const [saved, stored] = await Promise.all([records.getDetail(id), records.getDraft(id)]);
      if (!saved || saved.userId !== userId) return null;
      // The newest unsaved copy wins; on a tie the one written as the page closed, which came last.
      const candidates = [
        readClosingCopy(storage, id, userId),
        stored?.detail.userId === userId ? stored.detail : null,
      ];
      const draft = candidates
        .filter((d): d is AuditDetail => d !== null && d.updatedAt >= saved.updatedAt)
        .reduce<AuditDetail | null>((best, d) => (best && best.updatedAt >= d.updatedAt ? best : d), null);
      if (draft) {
        await records.putDraft({ auditId: id, detail: draft, savedAt: seconds(now()) });
      }
      removeClosingCopy(storage, id);
      return { summary, saved, draft };
    },

    /** Keeps unsaved changes on the device; the list and the saved audit are untouched. */
    async saveDraft(detail: AuditDetail): Promise<void> {
      // An audit deleted meanwhile (its screen's last write as it closes) keeps nothing behind.
      if (!findSummary(storage, detail.userId, detail.auditId)) return;
      await records.putDraft({ auditId: detail.auditId, detail, savedAt: seconds(now()) });
      // This draft is newer than any copy written when the page was last hidden.
      removeClosingCopy(storage, detail.auditId);
    },

    /** The same, written before returning, for a page that is closing (see closing-copy.ts). */
    saveDraftNow: (detail: AuditDetail): boolean =>
      !findSummary(storage, detail.userId, detail.auditId) ||
      writeClosingCopy(storage, detail) ||
      records.putDraftNow({ auditId: detail.auditId, detail, savedAt: seconds(now()) }),

    discardDraft: (auditId: string): Promise<void> => records.deleteDraft(auditId),

    /** Save Audit: completed only with both signatures, otherwise draft (SPEC §4). */
    async save(userId: string, detail: AuditDetail): Promise<AuditSummary> {
      const previous = findSummary(storage, userId, detail.auditId);
      if (!previous || detail.userId !== userId) throw new Error("Audit not found");
      const at = seconds(now());
      const saved = await records.getDetail(detail.auditId);
      const stamped = { ...stampChangedItems(saved, detail, at), updatedAt: nextStamp(saved, at) };
      await records.saveDetail(stamped);
      removeClosingCopy(storage, detail.auditId);
      const summary = summarise(previous, stamped);
      putSummaries(storage, [summary]);
      return summary;
    },

    async addPhoto(auditId: string, blob: Blob): Promise<string> {
      const id = newId();
      await records.putPhoto({ id, auditId, type: blob.type || "image/jpeg", blob, createdAt: seconds(now()) });
      return id;
    },

    getPhotos: (ids: readonly string[]) => records.getPhotos(ids),

    getSync: (auditId: string) => records.getSync(auditId),
    syncRecords: (userId: string) => records.syncRecords(userId),

    /**
     * Keeps a copy of a server audit here to edit (photos and signature images already fetched):
     * its record says the server has exactly this, so only later changes are sent.
     */
    async adopt(
      summary: AuditSummary,
      detail: AuditDetail,
      photos: { id: string; blob: Blob }[],
      completed: boolean,
      /** The server's item versions of the copy (decision 0038). */
      versions: Record<string, number> = {},
    ): Promise<void> {
      const stored: StoredPhoto[] = photos.map((p) => ({
        id: p.id,
        auditId: detail.auditId,
        type: p.blob.type || "image/jpeg",
        blob: p.blob,
        createdAt: detail.updatedAt,
      }));
      await records.importAudits([{ detail, photos: stored }]);
      await records.putSync(
        newRecord(detail.auditId, summary.userId, {
          serverId: detail.auditId,
          base: detail,
          photoMap: Object.fromEntries(photos.map((p) => [p.id, p.id])),
          completed,
          syncedUpdatedAt: detail.updatedAt,
          versions,
        }),
      );
      putSummaries(storage, [summarise(summary, detail)]);
    },

    /**
     * After the server started a new revision of a completed audit: the device copy becomes its
     * draft (answers and photos kept, signatures cleared), and the record knows the server agrees.
     */
    async reopen(userId: string, auditId: string): Promise<AuditSummary> {
      const previous = findSummary(storage, userId, auditId);
      const [saved, record] = await Promise.all([records.getDetail(auditId), records.getSync(auditId)]);
      if (!previous || !saved || !record) throw new Error("Audit not found");
      const detail: AuditDetail = {
        ...saved,
        auditorSignature: "",
        auditorSignedAt: null,
        siteRepSignature: "",
        siteRepSignedAt: null,
        updatedAt: nextStamp(saved, seconds(now())),
      };
      await records.saveDetail(detail);
      const unsigned = { auditorSignature: "", auditorSignedAt: null, siteRepSignature: "", siteRepSignedAt: null };
      await records.putSync({
        ...record,
        base: record.base ? { ...record.base, ...unsigned } : null,
        completed: false,
        syncedUpdatedAt: record.syncedUpdatedAt >= saved.updatedAt ? detail.updatedAt : record.syncedUpdatedAt,
      });
      const summary = summarise(previous, detail);
      putSummaries(storage, [summary]);
      return summary;
    },

    /**
     * Delete: the device copy goes at once (detail, draft, photos, summary) and only a sync record
     * stays, marked deleted, until the server acknowledges the DELETE (audit-sync.ts). Also for an
     * audit with no server id yet: its upload may have reached the server with the answer lost,
     * and the next run asks the server by this device's id for it.
     */
    async remove(userId: string, auditId: string): Promise<void> {
      if (!findSummary(storage, userId, auditId)) throw new Error("Audit not found");
      const record = await records.getSync(auditId);
      const tombstone: AuditSyncRecord = record
        ? { ...record, base: null, deleted: true, error: null }
        : {
            auditId,
            userId,
            serverId: null,
            origin: "import",
            base: null,
            photoMap: {},
            completed: false,
            syncedUpdatedAt: 0,
            error: null,
            deleted: true,
          };
      await records.deleteAudit(auditId, tombstone);
      removeClosingCopy(storage, auditId);
      removeSummary(storage, auditId);
    },

    /** Records the snag raised from an item on the saved audit and on any draft, so neither loses it. */
    async linkSnag(userId: string, auditId: string, itemId: string, link: SnagLink): Promise<void> {
      const patch = (d: AuditDetail): AuditDetail => ({
        ...d,
        checklist: d.checklist.map((i) => (i.id === itemId ? { ...i, snag: link } : i)),
      });
      const [saved, draft] = await Promise.all([records.getDetail(auditId), records.getDraft(auditId)]);
      if (!saved || saved.userId !== userId) throw new Error("Audit not found");
      // putDetail, not saveDetail: the draft and its new photos must survive.
      await records.putDetail(patch(saved));
      if (draft) await records.putDraft({ ...draft, detail: patch(draft.detail) });
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
