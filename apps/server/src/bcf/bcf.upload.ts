// The uploaded .bcfzip: one multipart file field named `file`, at most MAX_BCF_UPLOAD_BYTES.
import { MAX_BCF_UPLOAD_BYTES } from "@sitesnag/shared/bcf";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { AppError, badRequest } from "../http/errors";
import { type DocumentedBody, fileField } from "../http/openapi";

const MB = Math.round(MAX_BCF_UPLOAD_BYTES / (1024 * 1024));

/** For the document (config.requestBody): what readBcfUpload reads. */
export const BcfUploadBody: DocumentedBody = {
  description: `The archive as the file part \`file\` (BCF 2.1 or 3.0, at most ${MB} MB)`,
  content: { "multipart/form-data": z.object({ file: fileField("The .bcfzip archive", "application/zip") }) },
};

export async function readBcfUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(415, "Send the BCF archive as multipart form data in a field named 'file'.");
  let bytes: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: MAX_BCF_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "file") throw badRequest("The BCF archive goes in a form field named 'file'.");
      bytes = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new AppError(413, `The BCF archive must be a single file of at most ${MB} MB.`);
    throw badRequest("The upload could not be read: the form data is malformed or incomplete.");
  }
  if (!bytes || bytes.length === 0) throw badRequest("Choose a .bcfzip file to import.");
  return bytes;
}
