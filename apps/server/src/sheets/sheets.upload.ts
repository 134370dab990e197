// Reads a drawing upload: multipart with one file part `file` (a PDF, JPEG or PNG, told by its
// bytes) and a few text fields. The file is held in memory (≤ MAX_SHEET_FILE_BYTES) until it has
// been inspected; nothing is stored before that.
import { MAX_SHEET_FILE_BYTES, SheetRevisionFieldsSchema, SheetUploadFieldsSchema } from "@sitesnag/shared/sheets";
import { hasControlCharacters } from "@sitesnag/shared/text";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../http/errors";
import { type DocumentedBody, fileField } from "../http/openapi";
import { type SheetKind, sniffSheetType } from "./sheet-render";

export type SheetUpload = { bytes: Buffer; kind: SheetKind; fileName: string; fields: Record<string, string> };

const MAX_MB = MAX_SHEET_FILE_BYTES / 1024 / 1024;

const drawing = fileField(`The drawing: a PDF (one sheet per page), JPEG or PNG, at most ${MAX_MB} MB`);

/** For the document (config.requestBody): a new drawing, with the fields sheets.service.ts reads. */
export const SheetUploadBody: DocumentedBody = {
  description: "The drawing as the file part `file`, with its name and level",
  content: { "multipart/form-data": SheetUploadFieldsSchema.safeExtend({ file: drawing }) },
};
/** For the document: a new revision, with the page of a PDF to take. */
export const SheetRevisionBody: DocumentedBody = {
  description: "The new revision as the file part `file`; `page` picks the page of a PDF",
  content: { "multipart/form-data": SheetRevisionFieldsSchema.safeExtend({ file: drawing }) },
};

function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return (
    [...base]
      .filter((c) => !hasControlCharacters(c))
      .join("")
      .trim()
      .slice(0, 200) || "Drawing"
  );
}

function translate(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") {
    return new AppError(413, `The drawing file is larger than ${MAX_MB} MB. Split the set or reduce its size.`);
  }
  if (code === "FST_FILES_LIMIT") return badRequest("Send one drawing file at a time, in the field 'file'.");
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError(413, "The request has too many fields.");
  if (code === "FST_PROTO_VIOLATION") return badRequest("The request has a field name that is not allowed.");
  if (err instanceof AppError) return err;
  return badRequest("The upload could not be read: the form data is malformed or incomplete.");
}

export async function readSheetUpload(request: FastifyRequest): Promise<SheetUpload> {
  if (!request.isMultipart()) {
    throw new AppError(415, "Send the drawing as multipart form data, with the file in the field 'file'.");
  }
  const fields: Record<string, string> = Object.create(null);
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_SHEET_FILE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          throw badRequest(`Unexpected file field '${part.fieldname.slice(0, 40)}': the drawing goes in 'file'.`);
        }
        file = { bytes: await part.toBuffer(), name: cleanFileName(part.filename) };
        continue;
      }
      if (part.valueTruncated) throw new AppError(413, `The field '${part.fieldname.slice(0, 40)}' is too long.`);
      if (part.fieldname in fields)
        throw badRequest(`The field '${part.fieldname.slice(0, 40)}' was sent more than once.`);
      fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
    }
  } catch (err) {
    throw translate(err);
  }
  if (!file) throw badRequest("Choose a drawing file to upload (PDF, JPEG or PNG).", { file: ["A file is required"] });
  if (file.bytes.length === 0) throw badRequest(`'${file.name}' is empty.`);
  const kind = sniffSheetType(file.bytes);
  if (!kind) {
    throw new AppError(415, `'${file.name}' is not a PDF, JPEG or PNG file. Drawings must be one of these.`);
  }
  return { bytes: file.bytes, kind, fileName: file.name, fields: { ...fields } };
}

/** "Ground floor.pdf" → "Ground floor"; a page of a multi-page set gets its number. */
export function sheetNameFor(given: string | undefined, fileName: string, page: number, pageCount: number): string {
  const base = (given ?? fileName.replace(/\.(pdf|jpe?g|png)$/i, "")).trim().slice(0, 180) || "Drawing";
  return pageCount > 1 ? `${base} – page ${page}` : base;
}
