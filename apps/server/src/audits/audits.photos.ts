// Photos of an audit item go through the report photo pipeline (type by bytes, orientation, EXIF
// stripped, display copy and thumbnail with SHA-256) and the same storage. Files are stored before
// the rows are committed and removed again if the commit fails; a removed photo's files are deleted
// after the commit, unless a signed revision still shows them. Photos count against the workspace's
// storage quota (audits.storage.ts): charged with their rows, released when their files are deleted.

import { templateItems } from "@sitesnag/shared/audit-templates";
import { type AuditApi, MAX_AUDIT_PHOTOS, MAX_AUDIT_PHOTOS_PER_ITEM } from "@sitesnag/shared/audits-api";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { AuditPhotoRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, notFound } from "../http/errors";
import { newId } from "../ids";
import { assertStorageRoom, storedBytesOf } from "../quotas/storage-quota";
import { deleteFilesQuietly, newPhotoKey } from "../snagging/snagging.files";
import type { UploadedPhoto } from "../snagging/snagging.uploads";
import { nowSeconds } from "../time";
import { templateOfAudit } from "./audit-templates.service";
import { requireAudit, requireDraft, requireEditor } from "./audits.access";
import { deletePhoto, findPhotos, insertPhotos, updateDraft } from "./audits.repository";
import { loadAudit, unknownTemplateItem } from "./audits.service";
import { chargeAuditFiles, keptByRevisions, releaseAuditFiles } from "./audits.storage";

const tooMany = () => new AppError(413, `An audit item can have at most ${MAX_AUDIT_PHOTOS_PER_ITEM} photos.`);

/** Checks that may answer before the upload is read: access, lock, template item. */
export async function requirePhotoTarget(ctx: AppContext, user: UserRow, id: string, itemId: string) {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  requireDraft(audit);
  const template = await templateOfAudit(ctx.db, audit);
  if (!templateItems(template).some((t) => t.id === itemId)) throw unknownTemplateItem(itemId);
  return audit;
}

/**
 * Adds the uploaded photos to an item. With an Idempotency-Key (a device's outbox), an upload that
 * already landed answers the audit as it is (`replayed`) and adds nothing, also when two copies of
 * it race: each photo's row carries `<key>#<n>`, unique per audit.
 */
export async function addPhotos(
  ctx: AppContext,
  user: UserRow,
  id: string,
  itemId: string,
  idempotencyKey: string | undefined,
  read: () => Promise<UploadedPhoto[]>,
): Promise<{ audit: AuditApi; replayed: boolean }> {
  const replay = async () => {
    if (!idempotencyKey) return undefined;
    const row = await requireAudit(ctx, user, id);
    const landed = (await findPhotos(ctx.db, row.id)).some((p) => p.client_id === `${idempotencyKey}#0`);
    return landed ? { audit: await loadAudit(ctx.db, row), replayed: true } : undefined;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const audit = await requirePhotoTarget(ctx, user, id, itemId);
  const photos = await read();
  if (photos.length === 0) throw new AppError(400, "Choose at least one photo to add.");
  const now = nowSeconds();
  const rows = photos.map((photo, i): AuditPhotoRow & { bytes: Buffer; thumb: Buffer } => {
    const key = newPhotoKey();
    return {
      id: newId(),
      audit_id: audit.id,
      workspace_id: audit.workspace_id,
      item_id: itemId,
      client_id: idempotencyKey ? `${idempotencyKey}#${i}` : null,
      storage_key: `${key}.jpg`,
      thumbnail_key: `${key}-thumb.jpg`,
      sha256: photo.sha256,
      width: photo.width,
      height: photo.height,
      size_bytes: photo.display.length,
      thumbnail_bytes: photo.thumbnail.length,
      position: i,
      created_at: now,
      bytes: photo.display,
      thumb: photo.thumbnail,
    };
  });
  const keys = rows.flatMap((r) => [r.storage_key, r.thumbnail_key]);
  const bytes = storedBytesOf(rows);
  // A full workspace costs no file writes; the charge in the transaction stays the authority.
  await assertStorageRoom(ctx, audit.workspace_id, bytes);
  const puts = await Promise.allSettled(
    rows.flatMap((r) => [
      ctx.storage.put(r.storage_key, r.bytes, "image/jpeg"),
      ctx.storage.put(r.thumbnail_key, r.thumb, "image/jpeg"),
    ]),
  );
  try {
    const failed = puts.find((p) => p.status === "rejected");
    if (failed) throw failed.reason;
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await updateDraft(trx, audit.id, Number(audit.revision), { updated_at: now }))) {
        throw new AppError(409, "This audit was completed or changed meanwhile. Reload it and try again.");
      }
      const all = await findPhotos(trx, audit.id);
      if (all.length + rows.length > MAX_AUDIT_PHOTOS) {
        throw new AppError(413, `An audit can have at most ${MAX_AUDIT_PHOTOS} photos in all.`);
      }
      const existing = all.filter((p) => p.item_id === itemId);
      if (existing.length + rows.length > MAX_AUDIT_PHOTOS_PER_ITEM) throw tooMany();
      const first = existing.reduce((max, p) => Math.max(max, Number(p.position) + 1), 0);
      await insertPhotos(
        trx,
        rows.map(({ bytes: _b, thumb: _t, ...row }, i) => ({ ...row, position: first + i })),
      );
      await chargeAuditFiles(ctx, trx, audit, bytes);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, keys);
    if (uniqueViolation(err) !== null) {
      const winner = await replay();
      if (winner) return winner;
    }
    throw err;
  }
  return { audit: await loadAudit(ctx.db, await requireAudit(ctx, user, audit.id)), replayed: false };
}

export async function removePhoto(ctx: AppContext, user: UserRow, id: string, photoId: string): Promise<AuditApi> {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  requireDraft(audit);
  const photo = UUID_PATTERN.test(photoId)
    ? (await findPhotos(ctx.db, audit.id)).find((p) => p.id === photoId)
    : undefined;
  if (!photo) throw notFound("Photo");
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateDraft(trx, audit.id, Number(audit.revision), { updated_at: nowSeconds() }))) {
      throw new AppError(409, "This audit was completed or changed meanwhile. Reload it and try again.");
    }
    if (!(await deletePhoto(trx, audit.id, photo.id))) throw notFound("Photo");
    // A signed revision still showing this photo keeps its files, and their charge, until the
    // audit itself is deleted; otherwise they go now and their room comes back.
    if ((await keptByRevisions(trx, audit.id)).has(photo.storage_key)) return false;
    await releaseAuditFiles(trx, audit, storedBytesOf([photo]));
    return true;
  });
  if (deleted) await deleteFilesQuietly(ctx, [photo.storage_key, photo.thumbnail_key]);
  return loadAudit(ctx.db, await requireAudit(ctx, user, audit.id));
}
