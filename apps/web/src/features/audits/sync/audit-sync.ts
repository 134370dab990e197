// Sends this device's saved audits to the server (decision 0027), written against the records and a
// small transport so the same code runs in the browser and in unit tests. Guarantees:
// - Exactly once: an audit reaches the server by POST /api/audits with its device id as clientId
//   (or, when saved by an earlier version or read from a backup, POST /api/audits/import with the
//   same id), both idempotent; each later step (fields and answers, each photo under an
//   Idempotency-Key, signatures and completion) is idempotent too, and the sync record moves after
//   each acknowledged step. A step repeated after a lost answer or a closed tab changes nothing.
// - Nothing local is lost: the saved detail, its photos and drafts are never changed here; a
//   refusal (4xx) is kept on the record and shown, and the next run tries again.
// - A network failure (no answer) stops the run; the rest waits for the next trigger.

import type { AuditDetail, AuditSummary, BackupPhoto } from "@sitesnag/shared/audits";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import type { AuditRecords, AuditSyncRecord } from "../../../offline/audit-records";
import {
  auditChanges,
  itemVersions,
  pairPhotos,
  withFieldsAndAnswers,
  withPhoto,
  withSignatures,
} from "./audit-changes";

export type AuditTransport = {
  create(body: {
    projectId: string;
    auditDate: string;
    notes: string;
    clientId: string;
    templateId?: string;
    /** When the device made it, so its signatures made offline are not older than the audit. */
    createdAt?: number;
  }): Promise<AuditApi>;
  importAudit(body: { summary: AuditSummary; detail: AuditDetail; photos: BackupPhoto[] }): Promise<AuditApi>;
  patch(serverId: string, body: Record<string, unknown>): Promise<AuditApi>;
  addPhoto(serverId: string, itemId: string, photo: Blob, idempotencyKey: string): Promise<AuditApi>;
  /** Resolves also when the photo is already gone (404). */
  removePhoto(serverId: string, photoId: string): Promise<void>;
  /** DELETE /api/audits/{id}; resolves also when the audit is already gone (404). */
  remove(serverId: string): Promise<void>;
  /** The server id of the audit this device uploaded under `clientId`, or null if none reached it. */
  findByClientId(clientId: string): Promise<string | null>;
};

/** A refusal from the server (an answer with a 4xx status): kept on the audit, retried next run. */
export class AuditRefused extends Error {
  override name = "AuditRefused";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type AuditSyncDeps = {
  records: AuditRecords;
  transport: AuditTransport;
  summaries: (userId: string) => AuditSummary[];
  toBase64: (blob: Blob) => Promise<string>;
};

/** `uploadsTotal` audits to send in this run; `firstUploads` of them have never reached the server. */
export type AuditSyncProgress = { uploadsDone: number; uploadsTotal: number; firstUploads: number };
export type AuditSyncOutcome = { synced: number; failed: number; remaining: number; offline: boolean };

/**
 * Sends the deletes made on this device (tombstone records). The server's answer, 204 or 404 (gone
 * already, e.g. a replay after a lost answer), removes the tombstone: each delete is sent until
 * acknowledged, and once. A refusal (the audit was completed meanwhile by someone without the
 * right to delete it) also removes it: the audit stays on the server and shows in the list again.
 * Returns false when the server could not be reached.
 */
async function sendDeletes(deps: AuditSyncDeps, tombstones: readonly AuditSyncRecord[], outcome: AuditSyncOutcome) {
  for (const record of tombstones) {
    try {
      // No server id: the upload never reached the server, or its answer was lost. The server
      // knows the audit by this device's id for it, if it has it.
      const serverId = record.serverId ?? (await deps.transport.findByClientId(record.auditId));
      if (serverId) await deps.transport.remove(serverId);
      outcome.synced += 1;
    } catch (error) {
      if (!(error instanceof AuditRefused)) return false;
      outcome.failed += 1;
    }
    await deps.records.deleteAudit(record.auditId);
  }
  return true;
}

export const newSyncRecord = (auditId: string, userId: string, origin: AuditSyncRecord["origin"]): AuditSyncRecord => ({
  auditId,
  userId,
  serverId: null,
  origin,
  base: null,
  photoMap: {},
  completed: false,
  syncedUpdatedAt: 0,
  error: null,
  versions: {},
});

/** Whether the server lacks something of this saved audit (its record says so, or there is none). */
export const needsSync = (summary: AuditSummary, record: AuditSyncRecord | undefined): boolean =>
  !record || record.serverId === null || record.syncedUpdatedAt < summary.updatedAt;

/** Brings one audit's server copy up to its saved detail. Throws on a network failure or refusal. */
export async function syncAudit(deps: AuditSyncDeps, summary: AuditSummary): Promise<void> {
  const { records, transport } = deps;
  const detail = await records.getDetail(summary.id);
  if (!detail) return;
  let record = (await records.getSync(summary.id)) ?? newSyncRecord(summary.id, summary.userId, "import");
  const save = async (next: AuditSyncRecord) => {
    record = next;
    await records.putSync(next);
  };

  if (record.serverId === null) {
    if (record.origin === "create") {
      const audit = await transport.create({
        projectId: summary.projectId,
        auditDate: detail.formData.auditDate || new Date(summary.auditDate * 1000).toISOString().slice(0, 10),
        notes: "",
        clientId: summary.id,
        createdAt: summary.createdAt,
        // A custom template's audit is made from it (the standard one when none is named).
        ...(detail.template ? { templateId: detail.template.id } : {}),
      });
      await save({ ...record, serverId: audit.id, completed: audit.status === "completed" });
    } else {
      const stored = await records.photosOfAudit(summary.id);
      const photos: BackupPhoto[] = [];
      for (const p of stored) {
        if (p.type === "image/jpeg" || p.type === "image/png" || p.type === "image/webp")
          photos.push({ id: p.id, type: p.type, data: await deps.toBase64(p.blob) });
      }
      const audit = await transport.importAudit({ summary, detail, photos });
      const photoMap = pairPhotos(detail, audit.items);
      const base: AuditDetail = {
        ...detail,
        checklist: detail.checklist.map((i) => ({ ...i, photos: i.photos.filter((p) => p in photoMap) })),
      };
      await save({
        ...record,
        serverId: audit.id,
        base,
        photoMap,
        completed: audit.status === "completed",
        versions: itemVersions(audit.items),
      });
    }
  }
  const serverId = record.serverId as string;

  const changes = auditChanges(record.base, detail, record.photoMap, record.completed, record.versions);
  if (changes.fields || changes.answers.length > 0) {
    const audit = await transport.patch(serverId, {
      ...changes.fields,
      ...(changes.answers.length ? { answers: changes.answers } : {}),
    });
    // The versions of the items sent, as answered: a later change of one is made on what this
    // device now knows. Other items keep theirs (another person's answer there is not seen yet).
    const versions = record.versions && { ...record.versions, ...itemVersions(audit.items, changes.answers) };
    await save({ ...record, base: withFieldsAndAnswers(record.base, detail), ...(versions ? { versions } : {}) });
  }
  for (const { itemId, photoId } of changes.addPhotos) {
    const [photo] = await records.getPhotos([photoId]);
    if (!photo) continue; // removed from the device before it was sent: nothing to carry
    const known = new Set(Object.values(record.photoMap));
    const audit = await transport.addPhoto(serverId, itemId, photo.blob, `${summary.id}.${photoId}`);
    const added = audit.items
      .find((i) => i.id === itemId)
      ?.photos.filter((p) => !known.has(p.id))
      .at(-1);
    const base = withPhoto(record.base ?? withFieldsAndAnswers(null, detail), itemId, photoId, true);
    await save({ ...record, base, photoMap: added ? { ...record.photoMap, [photoId]: added.id } : record.photoMap });
  }
  for (const { itemId, photoId, serverPhotoId } of changes.removePhotos) {
    await transport.removePhoto(serverId, serverPhotoId);
    const { [photoId]: _gone, ...photoMap } = record.photoMap;
    const base = withPhoto(record.base ?? withFieldsAndAnswers(null, detail), itemId, photoId, false);
    await save({ ...record, base, photoMap });
  }
  if (changes.signatures || changes.complete) {
    const audit = await transport.patch(serverId, {
      ...changes.signatures,
      ...(changes.complete ? { status: "completed" } : {}),
    });
    const base = withSignatures(record.base ?? withFieldsAndAnswers(null, detail), detail);
    await save({ ...record, base, completed: audit.status === "completed" });
  }
  await save({ ...record, syncedUpdatedAt: detail.updatedAt, error: null });
}

/**
 * Every audit of this user that the server lacks something of, oldest first. A refusal is kept on
 * that audit's record and the run goes on; no answer at all ends the run (`offline`).
 */
export async function syncAudits(
  deps: AuditSyncDeps,
  userId: string,
  onProgress?: (progress: AuditSyncProgress) => void,
): Promise<AuditSyncOutcome> {
  const all = await deps.records.syncRecords(userId);
  const records = new Map(all.map((r) => [r.auditId, r]));
  const tombstones = all.filter((r) => r.deleted);
  const todo = deps
    .summaries(userId)
    .filter((s) => needsSync(s, records.get(s.id)))
    .sort((a, b) => a.createdAt - b.createdAt);
  const outcome: AuditSyncOutcome = { synced: 0, failed: 0, remaining: todo.length, offline: false };
  if (!(await sendDeletes(deps, tombstones, outcome))) return { ...outcome, offline: true };
  const firstUploads = todo.filter((s) => !records.get(s.id)?.serverId).length;
  onProgress?.({ uploadsDone: 0, uploadsTotal: todo.length, firstUploads });
  for (const summary of todo) {
    try {
      await syncAudit(deps, summary);
      outcome.synced += 1;
    } catch (error) {
      if (!(error instanceof AuditRefused)) {
        outcome.offline = true;
        break;
      }
      outcome.failed += 1;
      const record = (await deps.records.getSync(summary.id)) ?? newSyncRecord(summary.id, userId, "import");
      await deps.records.putSync({ ...record, error: error.message });
    }
    outcome.remaining -= 1;
    onProgress?.({ uploadsDone: outcome.synced + outcome.failed, uploadsTotal: todo.length, firstUploads });
  }
  return outcome;
}
