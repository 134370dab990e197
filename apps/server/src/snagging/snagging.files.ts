// Photo files of reports. The write order is what keeps rows and files consistent: files are
// written under fresh keys BEFORE the rows that name them are committed, and deleted only AFTER
// the rows that named them are gone. A crash in between can leave an orphan file (harmless,
// unreachable) but never a row pointing at a missing file.
import { randomBytes } from "node:crypto";
import type { AppContext } from "../context";
import type { AttachmentRow } from "../db/schema";
import { newId } from "../ids";
import type { UploadedPhoto } from "./snagging.uploads";

/** 128 random bits: the key is the only secret guarding a /files/ URL. */
export const newPhotoKey = (): string => `photos/${randomBytes(16).toString("hex")}`;

export const fileKeysOf = (rows: readonly Pick<AttachmentRow, "storage_key" | "thumbnail_key">[]): string[] =>
  rows.flatMap((r) => (r.thumbnail_key ? [r.storage_key, r.thumbnail_key] : [r.storage_key]));

/**
 * Puts each photo's display copy and thumbnail into storage and answers the attachment rows to
 * insert (positions from `firstPosition`). If any put fails, the files already put are removed.
 */
export async function storePhotos(
  ctx: AppContext,
  photos: readonly UploadedPhoto[],
  owner: { reportId: string; workspaceId: string; firstPosition: number; now: number; kind?: AttachmentRow["kind"] },
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
      kind: owner.kind ?? "evidence",
      sha256: photo.sha256,
      width: photo.width,
      height: photo.height,
      created_at: owner.now,
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

/** After a commit (or a failed one): a failed delete only leaves an orphan, so it is logged, not thrown. */
export async function deleteFilesQuietly(ctx: AppContext, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await ctx.storage.delete(keys).catch((err: unknown) => ctx.log.warn({ err, keys }, "could not delete some files"));
}
