// Content-addressed photo uploads (issue 28, decision 0025). What this guarantees:
// - A stored upload is complete and its bytes hash to its name: the hash is checked before
//   anything is stored, and only complete uploads are ever read (by a report referring to them).
//   Unfinished uploads live in `upload_parts` and are never served or referable.
// - Exactly once per (workspace, sha256): the same bytes twice store one file (201, then 200), and
//   two writers of the same piece of a resumable upload cannot both succeed (the piece's primary
//   key), so every byte is held once and the pieces stay contiguous.
// - Resumable: each piece of a `Content-Range` PUT is written to the database as it arrives, also
//   when the connection is cut mid-request, so HEAD answers how far the server got and the client
//   continues from exactly there, on any instance and after a restart.
// - Scoped: every query is by the uploader's workspace; another workspace's hash answers as unknown.
import { createHash, randomBytes } from "node:crypto";
import { MAX_PHOTO_BYTES } from "@sitesnag/shared/snagging";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, badRequest } from "../http/errors";
import { checkPhotoType, photoTooLarge } from "../photos/photos";
import { nowSeconds } from "../time";
import type { ContentRange } from "./content-range";
import { assertUploadRoom, withUploadRoom } from "./upload-quota";
import { deleteParts, findPartSizes, findParts, findUpload, insertPart, insertUpload } from "./uploads.repository";

/** Bytes held in memory before a piece is written to the database. */
export const PART_BYTES = 256 * 1024;

export type UploadState = { stored: true; sizeBytes: number } | { stored: false; offset: number };
export type PutResult = { status: "created" | "existed"; sizeBytes: number } | { status: "incomplete"; offset: number };

/** 409 carrying the offset the server holds, sent as the Upload-Offset header. */
export class UploadOffsetConflict extends AppError {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(409, message);
  }
}

const hashMismatch = () =>
  badRequest("The photo's bytes do not match the SHA-256 in its address; nothing was stored. Upload it again.");
const tooLarge = () => photoTooLarge("");

/** Whether the workspace holds the photo, or how many bytes of an unfinished upload it holds. */
export async function getUploadState(ctx: AppContext, user: UserRow, sha256: string): Promise<UploadState> {
  const upload = await findUpload(ctx.db, user.workspace_id, sha256);
  if (upload) return { stored: true, sizeBytes: upload.size_bytes };
  const held = await heldParts(ctx, user, sha256);
  if (held.total !== undefined && held.offset === held.total) {
    // Every byte arrived but the request that brought the last one died before completing it
    // (cut right at the end, or a restart): complete it now. A mismatch drops the pieces (offset 0).
    const done = await completeFromParts(ctx, user, sha256, held.total).catch(() => null);
    if (done && done.status !== "incomplete") return { stored: true, sizeBytes: done.sizeBytes };
    return getUploadStateAfterFailure(ctx, user, sha256);
  }
  return { stored: false, offset: held.offset };
}

async function getUploadStateAfterFailure(ctx: AppContext, user: UserRow, sha256: string): Promise<UploadState> {
  const upload = await findUpload(ctx.db, user.workspace_id, sha256);
  if (upload) return { stored: true, sizeBytes: upload.size_bytes };
  return { stored: false, offset: (await heldParts(ctx, user, sha256)).offset };
}

async function heldParts(ctx: AppContext, user: UserRow, sha256: string) {
  const parts = await findPartSizes(ctx.db, user.workspace_id, sha256);
  let offset = 0;
  for (const part of parts) {
    // Pieces are contiguous by construction; stop at a gap rather than trust one.
    if (part.start !== offset) break;
    offset += part.size_bytes;
  }
  return { offset, total: parts[0]?.total_bytes };
}

/** Stores complete, hash-checked bytes once: created when this call stored them, existed otherwise. */
async function store(ctx: AppContext, user: UserRow, sha256: string, bytes: Buffer): Promise<PutResult> {
  if (createHash("sha256").update(bytes).digest("hex") !== sha256) throw hashMismatch();
  checkPhotoType(bytes, "");
  if (await findUpload(ctx.db, user.workspace_id, sha256)) return { status: "existed", sizeBytes: bytes.length };
  // Pending until a report names it (decision 0048): room for it, beside the quota's other bytes,
  // before the file is written and again with the row (this upload's own pieces not counted twice).
  await assertUploadRoom(ctx, user.workspace_id, bytes.length, sha256);
  // The file first, then the row that names it (snagging.files.ts order): a crash in between leaves
  // an unreachable file, never a row without its file. The key has no extension: /files/ never serves it.
  const key = `uploads/${randomBytes(16).toString("hex")}`;
  await ctx.storage.put(key, bytes, "application/octet-stream");
  const now = nowSeconds();
  const row = {
    workspace_id: user.workspace_id,
    sha256,
    size_bytes: bytes.length,
    storage_key: key,
    uploaded_by: user.id,
    created_at: now,
    last_used_at: now,
    used_at: null,
  };
  const created = await withUploadRoom(
    ctx,
    user.workspace_id,
    bytes.length,
    (trx) => insertUpload(trx, row),
    sha256,
  ).catch(async (err: unknown) => {
    await ctx.storage.delete([key]).catch(() => undefined);
    throw err;
  });
  if (!created) await ctx.storage.delete([key]).catch(() => undefined);
  return { status: created ? "created" : "existed", sizeBytes: bytes.length };
}

/** PUT without Content-Range: the whole photo in one body. Always works, whatever is held already. */
export async function putWholeUpload(
  ctx: AppContext,
  user: UserRow,
  sha256: string,
  body: AsyncIterable<Buffer>,
  declaredLength: number | undefined,
): Promise<PutResult> {
  if (declaredLength !== undefined && declaredLength > MAX_PHOTO_BYTES) throw tooLarge();
  // A full workspace is refused before the body is read (the report's photos are charged at commit;
  // until then the upload counts as pending: decision 0048).
  await assertUploadRoom(ctx, user.workspace_id, declaredLength ?? 0, sha256);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_PHOTO_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  if (size === 0) throw badRequest("The upload is empty: send the photo's bytes as the body.");
  const result = await store(ctx, user, sha256, Buffer.concat(chunks, size));
  await deleteParts(ctx.db, user.workspace_id, sha256);
  return result;
}

/**
 * PUT with Content-Range: the bytes [start, end] of a photo of `total` bytes. `start` must be the
 * offset the server holds (409 with that offset otherwise). Pieces are written as they arrive;
 * when the connection is cut, what arrived is written too. The last byte completes the upload.
 */
export async function putUploadRange(
  ctx: AppContext,
  user: UserRow,
  sha256: string,
  range: ContentRange,
  body: AsyncIterable<Buffer>,
): Promise<PutResult> {
  if (range.total > MAX_PHOTO_BYTES) throw tooLarge();
  const existing = await findUpload(ctx.db, user.workspace_id, sha256);
  if (existing) {
    // Already complete (this or an earlier attempt finished it): nothing more to send.
    return { status: "existed", sizeBytes: existing.size_bytes };
  }
  const held = await heldParts(ctx, user, sha256);
  if (held.total === range.total && held.offset === range.total) {
    // Every byte is held already (the request that brought the last one was cut): complete.
    return completeFromParts(ctx, user, sha256, range.total);
  }
  if (held.total !== undefined && held.total !== range.total) {
    throw new UploadOffsetConflict(
      `This upload was started with ${held.total} bytes, not ${range.total}; finish it or send the whole photo without Content-Range.`,
      held.offset,
    );
  }
  if (range.start !== held.offset) {
    throw new UploadOffsetConflict(
      `The server holds ${held.offset} bytes of this photo; continue from byte ${held.offset}, not ${range.start}.`,
      held.offset,
    );
  }
  // The rest of the photo must fit beside what is stored and pending (its own pieces included).
  await assertUploadRoom(ctx, user.workspace_id, range.total - held.offset);
  let offset = held.offset;
  const limit = range.end + 1;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    try {
      // Each piece is pending from the moment it is held: refused (413) past the quota, as a whole upload.
      await withUploadRoom(ctx, user.workspace_id, data.length, (trx) =>
        insertPart(trx, {
          workspace_id: user.workspace_id,
          sha256,
          total_bytes: range.total,
          start: offset,
          size_bytes: data.length,
          data,
          created_at: nowSeconds(),
        }),
      );
    } catch (err) {
      if (!uniqueViolation(err)) throw err;
      const now = await heldParts(ctx, user, sha256);
      throw new UploadOffsetConflict("Another request is uploading this photo at the same time.", now.offset);
    }
    offset += data.length;
  };
  try {
    for await (const chunk of body) {
      if (offset + pendingBytes + chunk.length > limit) {
        pending = [];
        pendingBytes = 0;
        throw badRequest("The body is longer than its Content-Range says.");
      }
      if (offset === 0 && pendingBytes === 0 && chunk.length >= 12 && offset + chunk.length <= limit) {
        // Refuse a non-photo before storing any of it.
        checkPhotoType(chunk, "");
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= PART_BYTES) await flush();
    }
  } catch (err) {
    // Whatever arrived before a cut is kept, so the next attempt continues after it; if that was
    // every byte (cut after the last one), the upload is completed here.
    await flush();
    if (offset === range.total) await completeFromParts(ctx, user, sha256, range.total).catch(() => undefined);
    throw err;
  }
  await flush();
  if (offset < limit) {
    throw badRequest(
      `The body is shorter than its Content-Range says: ${offset - range.start} of ${limit - range.start} bytes arrived.`,
    );
  }
  if (offset < range.total) return { status: "incomplete", offset };
  return completeFromParts(ctx, user, sha256, range.total);
}

async function completeFromParts(ctx: AppContext, user: UserRow, sha256: string, total: number): Promise<PutResult> {
  const parts = await findParts(ctx.db, user.workspace_id, sha256);
  const bytes = Buffer.concat(
    parts.map((p) => Buffer.from(p.data)),
    total,
  );
  try {
    return await store(ctx, user, sha256, bytes);
  } finally {
    // Complete or refused (a hash mismatch starts over from zero): the pieces have done their work.
    await deleteParts(ctx.db, user.workspace_id, sha256);
  }
}
