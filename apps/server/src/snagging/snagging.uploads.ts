// Reads a report request: JSON, or multipart with text fields and repeated `images` file parts
// (DESIGN §4). Each photo goes through the pipeline as it arrives, so at most one raw upload
// (≤ 15 MB) is held in memory at a time; only the much smaller processed copies are kept.
import { createHash } from "node:crypto";
import { ReportLocationSchema } from "@sitesnag/shared/locations";
import { ReportPinSchema } from "@sitesnag/shared/sheets";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_REPORT,
  ReportCreateSchema,
  ReportPatchSchema,
} from "@sitesnag/shared/snagging";
import { PhotoHashesSchema, PhotoNamesSchema } from "@sitesnag/shared/uploads";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError, badRequest } from "../http/errors";
import { type DocumentedBody, imagesField } from "../http/openapi";
import type { PhotoProcessor } from "../photos/photo-pool";
import { cleanFileName, type ReportRequest, type UploadedPhoto } from "../photos/photo-request";
import { photoTooLarge } from "../photos/photos";
import { takePhotoHashes } from "../uploads/upload-references";

// Defined below both this module and uploads/upload-references.ts (which would otherwise import
// each other); re-exported for the readers of a request.
export { cleanFileName, type ReportRequest, type UploadedPhoto } from "../photos/photo-request";

/** Fields that may repeat in a multipart body; any other repeated field is refused. */
const LIST_FIELDS = new Set(["removeAttachmentIds"]);
const MAX_FIELD_BYTES = 64 * 1024;

/**
 * For the document (config.requestBody): a body readReportRequest reads, as JSON (photos named by
 * upload hash) or multipart (photos as `images` parts), from the schemas its fields are parsed with.
 */
export function reportRequestBody(description: string, fields: z.ZodObject, maxPhotos: number): DocumentedBody {
  return {
    description,
    content: {
      "application/json": fields.safeExtend({
        photoHashes: PhotoHashesSchema.optional(),
        photoNames: PhotoNamesSchema.optional(),
      }),
      "multipart/form-data": fields.safeExtend({ images: imagesField(maxPhotos) }),
    },
  };
}

/** The fields a new report is read with (snagging.create.ts): the report's, its pin's and its place's. */
export const ReportCreateFields = ReportCreateSchema.safeExtend(ReportPinSchema.shape).safeExtend(
  ReportLocationSchema.shape,
);
/** The fields a report's change is read with (snagging.service.ts). */
export const ReportPatchFields = ReportPatchSchema.safeExtend(ReportPinSchema.shape).safeExtend(
  ReportLocationSchema.shape,
);

export const tooManyPhotos = () => new AppError(413, `A report can have at most ${MAX_PHOTOS_PER_REPORT} photos.`);

/** Maps the multipart plugin's limit errors to our messages; anything else passes through. */
function translate(err: unknown, fileName: string): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_FILES_LIMIT") return tooManyPhotos();
  if (code === "FST_REQ_FILE_TOO_LARGE") return photoTooLarge(fileName);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError(413, "The request has too many fields.");
  if (code === "FST_PROTO_VIOLATION") return badRequest("The request has a field name that is not allowed.");
  if (err instanceof AppError) return err;
  // Everything else thrown while parsing is the body's fault (busboy: no boundary, cut-off data).
  return badRequest("The upload could not be read: the form data is malformed or incomplete.");
}

export async function readReportRequest(
  request: FastifyRequest,
  processor: PhotoProcessor,
  maxPhotos = MAX_PHOTOS_PER_REPORT,
): Promise<ReportRequest> {
  if (!request.isMultipart()) {
    const { fields, named } = takePhotoHashes(request.body ?? {});
    return { fields, photos: [], ...named };
  }
  const fields: Record<string, string | string[]> = Object.create(null);
  const photos: UploadedPhoto[] = [];
  let currentName = "";
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_PHOTO_BYTES, files: maxPhotos, fields: 60, parts: 100, fieldSize: MAX_FIELD_BYTES },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        currentName = cleanFileName(part.filename);
        if (part.fieldname !== "images") {
          throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}': photos go in 'images'.`);
        }
        const bytes = await part.toBuffer();
        if (bytes.length === 0) throw badRequest(`'${currentName}' is empty.`);
        const processed = await processor.process(bytes, currentName);
        photos.push({
          ...processed,
          originalName: currentName,
          sourceSha256: createHash("sha256").update(bytes).digest("hex"),
        });
        continue;
      }
      // Browsers send every line break in a form field as CRLF (HTML form-data encoding); store the
      // text as typed, with LF, so JSON and multipart writes of the same description agree.
      const value = (typeof part.value === "string" ? part.value : String(part.value)).replace(/\r\n?/g, "\n");
      if (part.valueTruncated) throw new AppError(413, `The field '${part.fieldname.slice(0, 40)}' is too long.`);
      const name = part.fieldname;
      if (name === "photoHashes" || name === "photoNames")
        throw badRequest("photoHashes and photoNames come in a JSON body; a multipart body sends photos as parts.");
      if (LIST_FIELDS.has(name)) {
        const list = fields[name];
        fields[name] = Array.isArray(list) ? [...list, value] : [value];
      } else if (name in fields) {
        throw badRequest(`The field '${name.slice(0, 40)}' was sent more than once.`);
      } else {
        fields[name] = value;
      }
    }
  } catch (err) {
    throw translate(err, currentName);
  }
  return { fields: { ...fields }, photos };
}
