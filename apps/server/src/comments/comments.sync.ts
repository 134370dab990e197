// Comments written offline (decision 0032), applied by POST /api/snagging/sync like the report
// changes queued beside them: `comment_add` (data: reportId, body, mentions; photos as parts or
// `photoHashes`), `comment_edit` and `comment_delete` (data: commentId). The item's tempId is the
// ledger's key, written in the comment's own transaction; a comment_add's tempId is also the
// Idempotency-Key the web app sent with the POST whose answer it never got, so a comment that did
// reach the server then is recognised, not posted twice.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { CommentSyncAction } from "@sitesnag/shared/sync";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, badRequest } from "../http/errors";
import type { UploadedPhoto } from "../snagging/snagging.uploads";
import { findApplied } from "../snagging/sync.ledger";
import type { PhotoReferences } from "../uploads/upload-references";
import { addComment, editComment, type Once, removeComment } from "./comments.service";

export type CommentSyncItem = {
  action: CommentSyncAction;
  reportId: string;
  data: Record<string, unknown>;
  photos: UploadedPhoto[];
  /** `photoHashes` (and their `photoNames`) when the photos were uploaded by hash first. */
  named: PhotoReferences | Record<string, never>;
};

/** The comment an edit or delete names: its id, or the tempId of its comment_add already applied. */
async function resolveComment(ctx: AppContext, user: UserRow, ref: unknown): Promise<string> {
  if (typeof ref !== "string" || ref.length === 0 || ref.length > 100) {
    throw badRequest("commentId is required: the comment this change applies to.", {
      commentId: ["commentId is required"],
    });
  }
  const added = await findApplied(ctx.db, user.id, ref);
  if (added?.action === "comment_add") return added.result_id;
  if (UUID_PATTERN.test(ref)) return ref;
  throw new AppError(404, "Comment not found: it was not posted yet or has been deleted.");
}

/** Applies one comment item; answers the comment's id. */
export async function applyCommentItem(
  ctx: AppContext,
  user: UserRow,
  item: CommentSyncItem,
  once: Once,
): Promise<string> {
  const { reportId: _r, commentId, ...fields } = item.data;
  if (item.action === "comment_add") {
    const { comment } = await addComment(
      ctx,
      user,
      item.reportId,
      async () => ({ fields, photos: item.photos, ...item.named }),
      once,
    );
    return comment.id;
  }
  if (item.action === "comment_edit") {
    const id = await resolveComment(ctx, user, commentId);
    return (await editComment(ctx, user, id, fields, once)).id;
  }
  // A delete whose comment is already gone has done its work (its DELETE may have reached the
  // server before the answer was lost): answered as applied, nothing changed, nothing leaked.
  try {
    const id = await resolveComment(ctx, user, commentId);
    await removeComment(ctx, user, id, once);
    return id;
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404 && typeof commentId === "string") return commentId;
    throw err;
  }
}
