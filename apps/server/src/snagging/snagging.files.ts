// Photo files of reports. The write order is what keeps rows and files consistent: files are
// written under fresh keys BEFORE the rows that name them are committed, and deleted only AFTER
// the rows that named them are gone. A crash in between can leave an orphan file (harmless,
// unreachable) but never a row pointing at a missing file.
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import { isDatabaseUnavailable } from "../db/connection-errors";
import type { AttachmentRow } from "../db/schema";
import { newId } from "../ids";
import type { UploadedPhoto } from "./snagging.uploads";

/** 128 random bits: the key is the only secret guarding a /files/ URL. */
export const newPhotoKey = (): string => `photos/${randomBytes(16).toString("hex")}`;

export const fileKeysOf = (rows: readonly Pick<AttachmentRow, "storage_key" | "thumbnail_key">[]): string[] =>
  rows.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));

/** What storing these photos will take (display copies and thumbnails), for the storage quota. */
export const photoBytesOf = (photos: readonly UploadedPhoto[]): number =>
  photos.reduce((sum, p) => sum + p.display.length + p.thumbnail.length, 0);

/**
 * Puts each photo's display copy and thumbnail into storage and answers the attachment rows to
 * insert (positions from `firstPosition`). If any put fails, the files already put are removed.
 */
export async function storePhotos(
  ctx: AppContext,
  photos: readonly UploadedPhoto[],
  owner: { reportId: string; workspaceId: string; firstPosition: number; now: number },
): Promise<AttachmentRow[]> {
  const rows = photos.map((photo, i): AttachmentRow => {
    const key = newPhotoKey();
    return {
      id: newId(),
      report_id: owner.reportId,
      workspace_id: owner.workspaceId,
      storage_key: `${key}.jpg`,
      thumbnail_key: `${key}-thumb.jpg`,
      original_name: photo.originalName,
      content_type: "image/jpeg",
      size_bytes: photo.display.length,
      position: owner.firstPosition + i,
      sha256: photo.sha256,
      width: photo.width,
      height: photo.height,
      created_at: owner.now,
      thumbnail_bytes: photo.thumbnail.length,
    };
  });
  // allSettled, not all: every put must have finished before a clean-up delete, or a late put
  // would recreate a file just deleted.
  const results = await Promise.allSettled(
    rows.flatMap((row, i) => {
      const photo = photos[i] as UploadedPhoto;
      return [
        ctx.storage.put(row.storage_key, photo.display, "image/jpeg"),
        ctx.storage.put(row.thumbnail_key as string, photo.thumbnail, "image/jpeg"),
      ];
    }),
  );
  const failure = results.find((r) => r.status === "rejected");
  if (failure) {
    await deleteFilesQuietly(ctx, fileKeysOf(rows));
    throw failure.reason;
  }
  return rows;
}

/**
 * After a commit (or a failed one): a failed delete only leaves an orphan, so it is logged, not
 * thrown. The log names neither the keys nor the error's text (which can quote a path or object
 * key): a file's key is the capability that serves it (http/request-log.ts).
 */
export async function deleteFilesQuietly(ctx: AppContext, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.storage.delete(keys).catch((err: unknown) => logFileDeleteFailure(ctx, err, keys.length));
}

export function logFileDeleteFailure(ctx: AppContext, err: unknown, files: number): void {
  const { name, code } = (err ?? {}) as { name?: unknown; code?: unknown };
  ctx.log.warn({ files, error: { name: String(name), code: String(code) } }, "could not delete some files");
}

/**
 * After a transaction that failed with `err`: its new files are deleted, unless the connection to
 * the database was lost, when the COMMIT may have been carried out without its answer arriving
 * (issue 22). Then the rows may name these files, so they stay: an orphan is harmless, a row
 * pointing at a deleted file is not, and a retry with the same Idempotency-Key (or sync tempId)
 * finds the report with its photos. SQLite's busy timeout is not such a case: nothing committed.
 */
export async function discardFilesOfFailedWrite(ctx: AppContext, keys: readonly string[], err: unknown): Promise<void> {
  const code = (err as { code?: unknown })?.code;
  if (isDatabaseUnavailable(err) && code !== "SQLITE_BUSY") {
    if (keys.length > 0)
      ctx.log.warn({ files: keys.length }, "database connection lost during a write; its files are kept");
    return;
  }
  await deleteFilesQuietly(ctx, keys);
}
