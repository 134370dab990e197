import { z } from "zod";
import { PageQuerySchema } from "./pagination";
import { plainString } from "./text";

// Comments on a report (issue 23): text with @mentions of workspace members, up to 5 photos.

export const MAX_COMMENT_LENGTH = 5000;
export const MAX_COMMENT_PHOTOS = 5;
export const MAX_MENTIONS = 20;

const body = plainString({ error: "Write a comment" })
  .trim()
  .min(1, "Write a comment")
  .max(MAX_COMMENT_LENGTH, "A comment can be at most 5,000 characters");

// Multipart fields arrive as strings: the mentions as one comma-separated list.
const mentions = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter((s) => s.trim() !== "") : v),
  z
    .array(plainString({ error: "Mentions must be members of your workspace" }).max(64), {
      error: "Mentions must be a list of members of your workspace",
    })
    .max(MAX_MENTIONS, `A comment can mention at most ${MAX_MENTIONS} people`)
    .optional()
    .default([]),
);

/** POST /api/snagging/{id}/comments and PATCH /api/comments/{id}: the text and who it mentions. */
export const CommentInputSchema = z.preprocess(
  (v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {}),
  z.object({ body, mentions }),
);
export type CommentInput = z.output<typeof CommentInputSchema>;

export const CommentPhotoSchema = z.object({
  id: z.string(),
  file_path: z.string(),
  thumbnail_path: z.string().nullable(),
  original_name: z.string(),
});

export const CommentSchema = z
  .object({
    id: z.string(),
    reportId: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string(),
    body: z.string(),
    photos: z.array(CommentPhotoSchema),
    createdAt: z.number(),
    editedAt: z.number().nullable(),
  })
  .meta({ id: "Comment" });
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListQuerySchema = PageQuerySchema;
/** GET /api/snagging/{id}/comments */
export const CommentListSchema = z.object({ comments: z.array(CommentSchema), nextCursor: z.string().nullable() });
export type CommentList = z.infer<typeof CommentListSchema>;
/** A comment written or changed. */
export const CommentAnswerSchema = z.object({ comment: CommentSchema });
