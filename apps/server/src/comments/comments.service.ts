// Comments on a report (issue 23). Written with their photos, their mentions' notifications and
// their history entry in one transaction (photo files stored before it, deleted if it fails);
// edited or deleted by their author only, each recorded in the report's history. A write with a key
// (an offline queue item's tempId, or a POST's Idempotency-Key) also writes the sync ledger's row in
// that transaction, so it is applied once however often it is sent (decision 0032). A comment
// notifies each person it mentions once: an edit notifies only those it newly mentions.

import { type Comment, CommentInputSchema, type CommentList, MAX_COMMENT_PHOTOS } from "@sitesnag/shared/comments";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { PageQuery } from "@sitesnag/shared/pagination";
import { type Origin, recordComment } from "../activity/activity.writer";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { ReportRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, badRequest, conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { notifyMentioned } from "../notifications/notifications.service";
import { assertStorageRoom, chargeStorage, releaseStorage, storedBytesOf } from "../quotas/storage-quota";
import { requireReport } from "../snagging/snagging.access";
import { deleteFilesQuietly, fileKeysOf, photoBytesOf, storePhotos } from "../snagging/snagging.files";
import { lockReport } from "../snagging/snagging.repository";
import type { ReportRequest } from "../snagging/snagging.uploads";
import { findApplied, insertApplied } from "../snagging/sync.ledger";
import { nowSeconds } from "../time";
import { withUploadedPhotos } from "../uploads/upload-references";
import { findWorkspaceMember } from "../users/users.repository";
import { presentComment } from "./comments.presenter";
import {
  deleteCommentRow,
  findComment,
  findCommentPhotos,
  findCommentsPage,
  insertComment,
  updateCommentBody,
} from "./comments.repository";

export const NOT_AUTHOR = "Only the comment's author can change or delete it.";
export const MENTION_OUTSIDE = "You can only mention members of your workspace.";
export const EDIT_NO_PHOTOS = "An edit changes a comment's text; photos come with a new comment.";
export const KEY_REUSED = "This Idempotency-Key was already used for a different request.";

/**
 * A write applied at most once: the sync ledger's key (a queue item's tempId or an Idempotency-Key)
 * and, through the offline queue, when it was made on the device (the history marks it so).
 */
export type Once = { key: string } & Origin;

/** Who a comment has notified (null: written before migration 0023, nobody recorded). */
const mentionedOf = (stored: string | null): string[] => {
  if (stored === null) return [];
  try {
    const ids: unknown = JSON.parse(stored);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
};

async function requireMembers(ctx: AppContext, user: UserRow, ids: readonly string[]): Promise<void> {
  for (const id of new Set(ids)) {
    const member = UUID_PATTERN.test(id) ? await findWorkspaceMember(ctx.db, user.workspace_id, id) : undefined;
    if (!member) throw badRequest(MENTION_OUTSIDE, { mentions: [MENTION_OUTSIDE] });
  }
}

export async function listComments(
  ctx: AppContext,
  user: UserRow,
  reportId: string,
  query: PageQuery,
): Promise<CommentList> {
  await requireReport(ctx, user, reportId);
  const size = query.limit ?? 50;
  const { rows, nextCursor } = toPage(await findCommentsPage(ctx.db, reportId, query.cursor, size), size, (r) => ({
    sort: Number(r.created_at),
    id: r.id,
  }));
  const photos = await findCommentPhotos(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    comments: rows.map((r) =>
      presentComment(
        r,
        photos.filter((p) => p.comment_id === r.id),
      ),
    ),
    nextCursor,
  };
}

async function getComment(ctx: AppContext, user: UserRow, id: string): Promise<Comment> {
  const row = await findComment(ctx.db, user.workspace_id, id);
  if (!row) throw notFound("Comment");
  return presentComment(row, await findCommentPhotos(ctx.db, [id]));
}

/** The report's row for the notifications and history a comment writes. */
const reportRef = (r: ReportRow) => ({
  id: r.id,
  workspace_id: r.workspace_id,
  title: r.title,
  assigned_to: r.assigned_to,
  created_by: r.created_by,
});

/** The comment a key already made, or null when the key is new (another kind of write's key: 409). */
async function replayOf(ctx: AppContext, user: UserRow, key: string): Promise<Comment | null> {
  const applied = await findApplied(ctx.db, user.id, key);
  if (!applied) return null;
  if (applied.action !== "comment_add") throw conflict(KEY_REUSED);
  return getComment(ctx, user, applied.result_id);
}

export async function addComment(
  ctx: AppContext,
  user: UserRow,
  reportId: string,
  readRequest: () => Promise<ReportRequest>,
  once?: Once,
): Promise<{ comment: Comment; replayed: boolean }> {
  const report = await requireReport(ctx, user, reportId);
  if (once) {
    const replayed = await replayOf(ctx, user, once.key);
    if (replayed) return { comment: replayed, replayed: true };
  }
  const given = await readRequest();
  const input = CommentInputSchema.parse(given.fields);
  if (given.photos.length + (given.photoHashes?.length ?? 0) > MAX_COMMENT_PHOTOS) {
    throw new AppError(413, `A comment can have at most ${MAX_COMMENT_PHOTOS} photos.`);
  }
  // Photos named by hash (decision 0025) are read only now: a replay above needs none of them.
  const request = await withUploadedPhotos(ctx, user, given);
  await requireMembers(ctx, user, input.mentions);
  await assertStorageRoom(ctx, user.workspace_id, photoBytesOf(request.photos));
  const now = nowSeconds();
  const id = newId();
  const stored = await storePhotos(ctx, request.photos, {
    reportId,
    workspaceId: user.workspace_id,
    firstPosition: 0,
    now,
  });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertComment(
        trx,
        {
          id,
          report_id: reportId,
          workspace_id: user.workspace_id,
          author_id: user.id,
          body: input.body,
          edited_at: null,
          created_at: now,
          mentioned: JSON.stringify(notifiable(input.mentions, user.id)),
        },
        stored.map((s) => ({
          id: s.id,
          comment_id: id,
          storage_key: s.storage_key,
          thumbnail_key: s.thumbnail_key,
          original_name: s.original_name,
          width: s.width,
          height: s.height,
          sha256: s.sha256,
          position: s.position,
          created_at: now,
          size_bytes: s.size_bytes,
          thumbnail_bytes: s.thumbnail_bytes ?? 0,
        })),
      );
      await chargeStorage(ctx, trx, user.workspace_id, storedBytesOf(stored));
      await notifyMentioned(trx, reportRef(report), input.mentions, user.id);
      await recordComment(trx, report, "comment_added", input.body, { actor: user, now, offline: once?.offline }, id);
      if (once) await insertApplied(trx, user.id, once.key, "comment_add", id);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, fileKeysOf(stored));
    // The same key committed first in a concurrent request: this one rolled back; answer as it.
    if (once && uniqueViolation(err)?.includes("sync_applied")) {
      const replayed = await replayOf(ctx, user, once.key);
      if (replayed) return { comment: replayed, replayed: true };
    }
    throw err;
  }
  return { comment: await getComment(ctx, user, id), replayed: false };
}

/** Who a comment's mentions notify: each person once, never its author. */
const notifiable = (mentions: readonly string[], authorId: string) =>
  [...new Set(mentions)].filter((id) => id !== authorId);

async function requireOwnComment(ctx: AppContext, user: UserRow, id: string) {
  const row = UUID_PATTERN.test(id) ? await findComment(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Comment");
  if (row.author_id !== user.id) throw forbidden(NOT_AUTHOR);
  const report = await requireReport(ctx, user, row.report_id);
  return { row, report };
}

/** Whether `key` already applied this change to comment `id` (another change's key: 409). */
async function alreadyApplied(ctx: AppContext, user: UserRow, key: string, action: string, id: string) {
  const applied = await findApplied(ctx.db, user.id, key);
  if (!applied) return false;
  if (applied.action !== action || applied.result_id !== id) throw conflict(KEY_REUSED);
  return true;
}

export async function editComment(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: unknown,
  once?: Once,
): Promise<Comment> {
  const { report } = await requireOwnComment(ctx, user, id);
  if (once && (await alreadyApplied(ctx, user, once.key, "comment_edit", id))) return getComment(ctx, user, id);
  // Refused rather than dropped: a client that sends photos with an edit would think them saved.
  if (typeof body === "object" && body !== null && ("photoHashes" in body || "photoNames" in body)) {
    throw badRequest(EDIT_NO_PHOTOS, { photoHashes: [EDIT_NO_PHOTOS] });
  }
  const input = CommentInputSchema.parse(body);
  await requireMembers(ctx, user, input.mentions);
  const now = nowSeconds();
  await ctx.db.transaction().execute(async (trx) => {
    // The report's row lock (PostgreSQL) makes two edits of one comment take turns, so each person
    // this edit mentions for the first time hears of it once (issue 23), and nobody already told.
    await lockReport(trx, user.workspace_id, report.id);
    const current = await findComment(trx, user.workspace_id, id);
    if (!current) throw notFound("Comment");
    const before = mentionedOf(current.mentioned);
    const added = notifiable(input.mentions, user.id).filter((m) => !before.includes(m));
    await updateCommentBody(trx, id, input.body, now, JSON.stringify([...before, ...added]));
    await notifyMentioned(trx, reportRef(report), added, user.id);
    await recordComment(trx, report, "comment_edited", input.body, { actor: user, now, offline: once?.offline }, id);
    if (once) await insertApplied(trx, user.id, once.key, "comment_edit", id);
  });
  return getComment(ctx, user, id);
}

export async function removeComment(ctx: AppContext, user: UserRow, id: string, once?: Once): Promise<void> {
  // A DELETE sent again with its key after the comment went is answered as done.
  if (once && (await alreadyApplied(ctx, user, once.key, "comment_delete", id))) return;
  const { report } = await requireOwnComment(ctx, user, id);
  const photos = await findCommentPhotos(ctx.db, [id]);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCommentRow(trx, id);
    await releaseStorage(trx, user.workspace_id, storedBytesOf(photos));
    const activity = { actor: user, now: nowSeconds(), offline: once?.offline };
    await recordComment(trx, report, "comment_deleted", null, activity, id);
    if (once) await insertApplied(trx, user.id, once.key, "comment_delete", id);
  });
  await deleteFilesQuietly(ctx, fileKeysOf(photos));
}
