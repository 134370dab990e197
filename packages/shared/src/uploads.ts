import { z } from "zod";
import { MAX_PHOTOS_PER_REPORT } from "./limits";

// Content-addressed photo uploads (issue 28, DESIGN §4, decision 0025). A photo is uploaded alone
// to PUT /api/uploads/{sha256} (resumable with Content-Range) and a report create, an edit or an
// outbox item then names it by hash in `photoHashes`, in order, beside the other fields.

/** A SHA-256 in lower-case hex, as the upload URL and `photoHashes` carry it. */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;
export const isSha256 = (value: string): boolean => SHA256_PATTERN.test(value);

/** Hours an upload is kept after it was sent or last referred to; then it is removed. */
export const UPLOAD_RETENTION_HOURS = 24;

/** The header a resumable upload's answers carry: how many bytes of it the server holds. */
export const UPLOAD_OFFSET_HEADER = "upload-offset";

export const PhotoHashesSchema = z
  .array(
    z
      .string({ error: "Each photo hash must be a SHA-256 in hex" })
      .regex(SHA256_PATTERN, "Each photo hash must be a SHA-256: 64 lower-case hex characters"),
    { error: "photoHashes must be a list of photo hashes" },
  )
  .max(MAX_PHOTOS_PER_REPORT, `A report can have at most ${MAX_PHOTOS_PER_REPORT} photos`)
  .refine((list) => new Set(list).size === list.length, "A photo hash is listed more than once");

/**
 * The photos' file names, beside `photoHashes` and in the same order (optional): what the history
 * and the photo's label show, as a multipart part's file name would be. Without, "photo-N.jpg".
 */
export const PhotoNamesSchema = z
  // Generous: the server keeps the first 200 characters, as it does of a multipart part's name.
  .array(z.string({ error: "Each photo name must be text" }).max(1000, "A photo name can be at most 1000 characters"), {
    error: "photoNames must be a list of file names",
  })
  .max(MAX_PHOTOS_PER_REPORT, `A report can have at most ${MAX_PHOTOS_PER_REPORT} photos`);

export const UploadAnswerSchema = z.object({
  upload: z.object({ sha256: z.string(), sizeBytes: z.number() }),
});
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/** `Content-Range: bytes start-end/total` for the bytes [start, end] of a file of `total` bytes. */
export const contentRange = (start: number, end: number, total: number): string => `bytes ${start}-${end}/${total}`;
