// Reads POST /api/snagging/sync: JSON `{items}`, or multipart with an `items` field holding that
// JSON plus photo file parts named by the items (DESIGN §4). A photo that cannot be used becomes
// that photo's error, answered on the item that names it, so one bad photo fails one item only.
import { createHash } from "node:crypto";
import { MAX_PHOTO_BYTES } from "@sitesnag/shared/snagging";
import { MAX_SYNC_ITEMS, MAX_SYNC_PHOTOS, SyncBodySchema } from "@sitesnag/shared/sync";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, badRequest } from "../http/errors";
import { type DocumentedBody, fileField } from "../http/openapi";
import type { PhotoProcessor } from "../photos/photo-pool";
import { photoTooLarge } from "../photos/photos";
import type { UploadedPhoto } from "./snagging.uploads";

export type SyncPhotos = Map<string, UploadedPhoto | AppError>;
export type SyncRequest = { items: unknown[]; photos: SyncPhotos };

/** The items JSON of a full batch (descriptions up to their limit) fits well inside this. */
export const MAX_SYNC_ITEMS_BYTES = 4 * 1024 * 1024;

/** For the document (config.requestBody): the two forms readSyncRequest reads. */
export const SyncRequestBody: DocumentedBody = {
  description: `Up to ${MAX_SYNC_ITEMS} queued changes; with photos, multipart: the same JSON in the field \`items\` and each photo as a file part named as its item names it`,
  content: {
    "application/json": SyncBodySchema,
    "multipart/form-data": z
      .object({ items: z.string().describe("The JSON body `{items: [...]}` (or the bare list)") })
      .catchall(fileField("A photo an item names by this part's field name", "image/*")),
  },
};

function parseItems(body: unknown): unknown[] {
  const parsed = SyncBodySchema.safeParse(body);
  if (!parsed.success)
    throw badRequest("The body must be an object with an 'items' list.", { items: ["items must be a list"] });
  if (parsed.data.items.length > MAX_SYNC_ITEMS) {
    throw new AppError(413, `A sync request can carry at most ${MAX_SYNC_ITEMS} changes; send the rest in another.`);
  }
  return parsed.data.items;
}

function translate(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_FILES_LIMIT")
    return new AppError(413, `A sync request can carry at most ${MAX_SYNC_PHOTOS} photos.`);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError(413, "The request has too many fields.");
  if (code === "FST_PROTO_VIOLATION") return badRequest("The request has a field name that is not allowed.");
  if (err instanceof AppError) return err;
  return badRequest("The upload could not be read: the form data is malformed or incomplete.");
}

async function readPhoto(
  processor: PhotoProcessor,
  bytes: Buffer,
  truncated: boolean,
  name: string,
): Promise<UploadedPhoto | AppError> {
  if (truncated) return photoTooLarge(name);
  if (bytes.length === 0) return badRequest(`'${name}' is empty.`);
  try {
    const processed = await processor.process(bytes, name);
    return { ...processed, originalName: name, sourceSha256: createHash("sha256").update(bytes).digest("hex") };
  } catch (err) {
    // A full photo pool (503) is not this photo's fault: the whole batch answers 503 with
    // Retry-After and the client sends it again, rather than the item failing for good.
    if (err instanceof AppError && err.statusCode !== 503) return err;
    throw err;
  }
}

const cleanName = (name: string | undefined): string =>
  ((name ?? "").split(/[\\/]/).pop() ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 200) || "photo";

export async function readSyncRequest(request: FastifyRequest, processor: PhotoProcessor): Promise<SyncRequest> {
  if (!request.isMultipart()) return { items: parseItems(request.body), photos: new Map() };
  const photos: SyncPhotos = new Map();
  let itemsJson: string | undefined;
  try {
    // throwFileSizeLimit is honoured per call by @fastify/multipart, though its types omit it: an
    // oversize photo becomes that photo's error instead of failing the whole batch.
    const options = {
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_PHOTO_BYTES,
        files: MAX_SYNC_PHOTOS,
        // One `items`; room for a second, to answer a repeated one as what it is (400, below).
        fields: 2,
        parts: MAX_SYNC_PHOTOS + 2,
        fieldSize: MAX_SYNC_ITEMS_BYTES,
      },
    };
    const parts = request.parts(options);
    for await (const part of parts) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (photos.has(part.fieldname))
          throw badRequest(`The photo part '${part.fieldname.slice(0, 40)}' was sent twice.`);
        photos.set(part.fieldname, await readPhoto(processor, bytes, part.file.truncated, cleanName(part.filename)));
        continue;
      }
      if (part.fieldname !== "items")
        throw badRequest(`Unexpected field '${part.fieldname.slice(0, 40)}': send 'items' and photo parts.`);
      if (itemsJson !== undefined) throw badRequest("The field 'items' was sent more than once.");
      if (part.valueTruncated) throw new AppError(413, "The items field is too long; send fewer changes per request.");
      itemsJson = String(part.value);
    }
  } catch (err) {
    throw translate(err);
  }
  if (itemsJson === undefined) throw badRequest("The 'items' field is missing.", { items: ["items is required"] });
  let body: unknown;
  try {
    // The field holds the JSON body `{items: [...]}`; a bare list is taken as well.
    const parsed: unknown = JSON.parse(itemsJson);
    body = Array.isArray(parsed) ? { items: parsed } : parsed;
  } catch {
    throw badRequest("The 'items' field is not valid JSON.", { items: ["items must be a JSON list"] });
  }
  return { items: parseItems(body), photos };
}

/**
 * What a request sent without Content-Length carried, measured once read (for the write budget):
 * its items as JSON and its photos as stored.
 */
export function syncRequestBytes(request: SyncRequest): number {
  let bytes = Buffer.byteLength(JSON.stringify(request.items));
  for (const photo of request.photos.values()) {
    if (!(photo instanceof AppError)) bytes += photo.display.length + photo.thumbnail.length;
  }
  return bytes;
}
