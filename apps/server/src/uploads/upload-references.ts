// Reports that name their photos by hash (`photoHashes`, decision 0025): the field is taken out of
// the request's fields, and after the request's own checks (an Idempotency-Key replay needs no
// photos) each hash becomes the processed photo, in the order listed. A hash the workspace does
// not hold, never uploaded, removed after 24 hours or uploaded by another workspace, answers the
// same 409 naming it, so the client uploads it (again) and retries: a hash reveals nothing.
import { PhotoHashesSchema, PhotoNamesSchema } from "@sitesnag/shared/uploads";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, badRequest } from "../http/errors";
import { cleanFileName, type ReportRequest, type UploadedPhoto } from "../photos/photo-request";
import { nowSeconds } from "../time";
import { findUploads, touchUploads } from "./uploads.repository";

export type PhotoReferences = { photoHashes: string[]; photoNames?: string[] };

/**
 * Splits `photoHashes` (and their optional `photoNames`, one per hash) off a request's fields; 400
 * with a sentence when they are not a hash list and a name list of the same length.
 */
export function takePhotoHashes(fields: unknown): {
  fields: unknown;
  photoHashes: string[] | undefined;
  named: PhotoReferences | Record<string, never>;
} {
  if (typeof fields !== "object" || fields === null || !("photoHashes" in fields || "photoNames" in fields)) {
    return { fields, photoHashes: undefined, named: {} };
  }
  const { photoHashes, photoNames, ...rest } = fields as Record<string, unknown>;
  const names = photoNames === undefined || photoNames === null ? undefined : PhotoNamesSchema.parse(photoNames);
  if (photoHashes === undefined || photoHashes === null) {
    if (names) throw badRequest("photoNames names the photos listed in photoHashes; send both, or neither.");
    return { fields: rest, photoHashes: undefined, named: {} };
  }
  const hashes = PhotoHashesSchema.parse(photoHashes);
  if (names && names.length !== hashes.length) {
    throw badRequest("photoNames must give one name for each photo in photoHashes, in the same order.", {
      photoNames: ["One name for each photo hash"],
    });
  }
  return { fields: rest, photoHashes: hashes, named: { photoHashes: hashes, ...(names ? { photoNames: names } : {}) } };
}

export const unknownPhotos = (hashes: readonly string[]) =>
  new AppError(
    409,
    `${hashes.length === 1 ? "A photo was" : `${hashes.length} photos were`} not uploaded (or no longer held): upload ${hashes.length === 1 ? "it" : "them"} first, then send the change again.`,
    { photoHashes: hashes.map((h) => `Photo ${h} is not uploaded`) },
  );

async function readAll(ctx: AppContext, key: string): Promise<Buffer | null> {
  const stream = await ctx.storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photos the hashes name, processed through the photo pipeline, in order. Using an upload
 * renews its 24 hours first, so the collector cannot remove it while it is being read.
 */
export async function photosFromUploads(
  ctx: AppContext,
  user: UserRow,
  hashes: readonly string[],
  names: readonly string[] = [],
): Promise<UploadedPhoto[]> {
  if (hashes.length === 0) return [];
  await touchUploads(ctx.db, user.workspace_id, hashes, nowSeconds());
  const rows = new Map((await findUploads(ctx.db, user.workspace_id, hashes)).map((r) => [r.sha256, r]));
  const missing = hashes.filter((h) => !rows.has(h));
  if (missing.length > 0) throw unknownPhotos(missing);
  const photos: UploadedPhoto[] = [];
  for (const [i, hash] of hashes.entries()) {
    const row = rows.get(hash);
    const bytes = row ? await readAll(ctx, row.storage_key) : null;
    if (!bytes) throw unknownPhotos([hash]);
    const given = names[i];
    const name = given === undefined ? `photo-${i + 1}.jpg` : cleanFileName(given);
    photos.push({ ...(await ctx.photos.process(bytes, name)), originalName: name, sourceSha256: hash });
  }
  return photos;
}

/** A report request with its `photoHashes` turned into photos (a request has parts or hashes, not both). */
export async function withUploadedPhotos(
  ctx: AppContext,
  user: UserRow,
  request: ReportRequest,
): Promise<ReportRequest> {
  if (!request.photoHashes) return request;
  if (request.photos.length > 0) {
    throw badRequest("Send a report's photos either as file parts or by photoHashes, not both.");
  }
  return {
    fields: request.fields,
    photos: await photosFromUploads(ctx, user, request.photoHashes, request.photoNames),
  };
}
