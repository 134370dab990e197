import { z } from "zod";

// POST /api/snagging/sync (SPEC §3 queue item, §7; DESIGN §4). Each item carries the change the
// browser queued; the server applies each (user, tempId) at most once.

export const SYNC_ACTIONS = [
  "create",
  "update",
  "status",
  "delete",
  "comment_add",
  "comment_edit",
  "comment_delete",
  // Issue 39 (decision 0075): one bulk change queued offline, `data` = {ids, changes, versions}.
  "bulk",
] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];
/** A comment written offline (decision 0032): `data.reportId` names its report, `data.commentId` the comment. */
export const COMMENT_SYNC_ACTIONS = ["comment_add", "comment_edit", "comment_delete"] as const;
export type CommentSyncAction = (typeof COMMENT_SYNC_ACTIONS)[number];
export const isCommentSyncAction = (action: string): action is CommentSyncAction =>
  (COMMENT_SYNC_ACTIONS as readonly string[]).includes(action);

/** Items per request: a larger batch answers 413 (the client sends far smaller ones). */
export const MAX_SYNC_ITEMS = 100;
/** Photo parts per multipart request (the client sends one report's photos at a time at most). */
export const MAX_SYNC_PHOTOS = 40;

const TEMP_ID = /^[A-Za-z0-9_:.-]{1,100}$/;
const PART_NAME = /^[A-Za-z0-9_:.-]{1,100}$/;

/**
 * One queue item. `tempId` is unique per queued change (for a create it is also the report's
 * temporary id, for a comment_add the comment's); `data.reportId` names the target of
 * update/status/delete and a comment's report, and may be a tempId of an earlier create;
 * `data.commentId` names the comment of comment_edit/comment_delete, or the tempId of its comment_add. `photos` names the multipart file parts holding the item's new photos.
 */
export const SyncItemSchema = z.object({
  id: z.string().max(100).optional(),
  tempId: z.string({ error: "tempId is required" }).regex(TEMP_ID, "tempId must be 1 to 100 letters, digits or _:.-"),
  action: z.enum(SYNC_ACTIONS, {
    error: "action must be create, update, status, delete, comment_add, comment_edit or comment_delete",
  }),
  resource: z.literal("snagging", { error: "resource must be snagging" }),
  data: z.record(z.string(), z.unknown()).default({}),
  photos: z
    .array(z.string().regex(PART_NAME, "Photo part names are 1 to 100 letters, digits or _:.-"))
    .max(20)
    .optional(),
  timestamp: z.number().optional(),
});
export type SyncItem = z.input<typeof SyncItemSchema>;

export const SyncBodySchema = z.object({
  items: z.array(z.unknown(), { error: "items must be a list" }),
});

export const SyncItemFailureSchema = z.object({ id: z.string(), title: z.string().nullable(), error: z.string() });
export type SyncItemFailure = z.infer<typeof SyncItemFailureSchema>;
export const SyncResultSchema = z.object({
  success: z.boolean(),
  tempId: z.string().nullable(),
  id: z.string().nullable(),
  /** On failure: a sentence for the person, and the HTTP status the change alone would have had. */
  error: z.string().optional(),
  statusCode: z.number().int().optional(),
  /**
   * A bulk change (decision 0075) that was applied to some of its reports: the ones left as they
   * were, each with the report's title when it is (or was, before the Trash) in the workspace.
   */
  failures: z.array(SyncItemFailureSchema).optional(),
});
export type SyncResult = z.infer<typeof SyncResultSchema>;
/** POST /api/snagging/sync: one result per item, in order. */
export const SyncResponseSchema = z.object({ data: z.object({ results: z.array(SyncResultSchema) }) });
export type SyncResponse = z.infer<typeof SyncResponseSchema>;

/** Whether a failed item can succeed later unchanged (server trouble) or needs the person. */
export const isTransientSyncFailure = (r: SyncResult): boolean => !r.success && (r.statusCode ?? 500) >= 500;
