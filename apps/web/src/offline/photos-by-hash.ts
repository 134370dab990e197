// The one online path for a write with photos (decisions 0025, 0035): each photo goes up alone to
// the resumable PUT /api/uploads/{sha256}, one at a time in order (HEAD first: a photo the server
// already holds, e.g. from an attempt whose answer was lost, is not sent again), then the write
// commits in one small JSON request naming them by `photoHashes` (with their `photoNames`). The
// report create, the edit form, the comment composer and the mark-fixed dialog all use it.
// What it guarantees the caller: an answer from the server is an ApiError (a refused photo too:
// no retry can fix it), and no answer at all is a NetworkError, so the caller can queue the write.
import { PhotoRefused, sha256Hex, uploadPhoto } from "@sitesnag/shared/photo-upload";
import { ApiError } from "../lib/api-client";
import { NetworkError } from "../lib/network-error";
import { webUploadTransport } from "./upload-transport";

export type NamedPhoto = { blob: Blob; name: string };
export type PhotoReferences = { photoHashes: string[]; photoNames: string[] };
export type BytesProgress = { loaded: number; total: number };

/** Web Crypto hashes only in a secure context; plain-HTTP origins keep the multipart forms. */
export const canSendByHash = (): boolean => typeof crypto !== "undefined" && crypto.subtle !== undefined;

/** A commit refused because an upload was removed (24 hours unused) between its PUT and the commit. */
const isMissingUpload = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 409 && Array.isArray(err.body?.details?.photoHashes);

async function uploadAll(photos: readonly NamedPhoto[], onProgress?: (p: BytesProgress) => void) {
  const total = photos.reduce((sum, p) => sum + p.blob.size, 0);
  const photoHashes: string[] = [];
  let done = 0;
  for (const photo of photos) {
    const sha256 = await sha256Hex(photo.blob);
    await uploadPhoto(webUploadTransport, photo.blob, sha256, (bytes) => onProgress?.({ loaded: done + bytes, total }));
    done += photo.blob.size;
    photoHashes.push(sha256);
  }
  return { photoHashes, photoNames: photos.map((p) => p.name) };
}

/**
 * Uploads `photos` by hash, then `commit`s with their references (the caller puts them in its
 * JSON body). A commit answered "not uploaded" uploads them again (HEAD finds what is missing)
 * and commits once more; the commit should carry an Idempotency-Key where the route takes one.
 */
export async function sendWithPhotosByHash<T>(
  photos: readonly NamedPhoto[],
  commit: (references: PhotoReferences) => Promise<T>,
  onProgress?: (progress: BytesProgress) => void,
): Promise<T> {
  try {
    for (let attempt = 0; ; attempt += 1) {
      const references = await uploadAll(photos, onProgress);
      try {
        return await commit(references);
      } catch (err) {
        if (attempt > 0 || !isMissingUpload(err)) throw err;
      }
    }
  } catch (error) {
    if (error instanceof PhotoRefused) throw new ApiError(error.status, error.message, { message: error.message });
    if (error instanceof ApiError || error instanceof NetworkError) throw error;
    // fetch's TypeError, or an upload whose connection dropped: no answer.
    throw new NetworkError();
  }
}
