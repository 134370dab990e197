// Comments on a report (issue 23). Written with their photos, their mentions' notifications and
// their history entry in one transaction (photo files stored before it, deleted if it fails);
// edited or deleted by their author only, each recorded in the report's history.

import { type Comment, CommentInputSchema, type CommentList, MAX_COMMENT_PHOTOS } from "@sitesnag/shared/comments";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { PageQuery } from "@sitesnag/shared/pagination";
import { recordComment } from "../activity/activity.writer";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { ReportRow, UserRow } from "../db/schema";
import { AppError, badRequest, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { notifyMentioned } from "../notifications/notifications.service";
import { assertStorageRoom, chargeStorage, releaseStorage, storedBytesOf } from "../quotas/storage-quota";
import { requireReport } from "../snagging/snagging.access";
import { deleteFilesQuietly, fileKeysOf, photoBytesOf, storePhotos } from "../snagging/snagging.files";
import type { ReportRequest } from "../snagging/snagging.uploads";
import { nowSeconds } from "../time";
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

export async function addComment(
  ctx: AppContext,
  user: UserRow,
  reportId: string,
  readRequest: () => Promise<ReportRequest>,
): Promise<Comment> {
  const report = await requireReport(ctx, user, reportId);
  const request = await readRequest();
  const input = CommentInputSchema.parse(request.fields);
  if (request.photos.length > MAX_COMMENT_PHOTOS) {
    throw new AppError(413, `A comment can have at most ${MAX_COMMENT_PHOTOS} photos.`);
  }
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
      await recordComment(trx, report, "comment_added", input.body, { actor: user, now });
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, fileKeysOf(stored));
    throw err;
  }
  return getComment(ctx, user, id);
}

async function requireOwnComment(ctx: AppContext, user: UserRow, id: string) {
  const row = UUID_PATTERN.test(id) ? await findComment(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Comment");
  if (row.author_id !== user.id) throw forbidden(NOT_AUTHOR);
  const report = await requireReport(ctx, user, row.report_id);
  return { row, report };
}

export async function editComment(ctx: AppContext, user: UserRow, id: string, body: unknown): Promise<Comment> {
  const { report } = await requireOwnComment(ctx, user, id);
  const input = CommentInputSchema.parse(body);
  await requireMembers(ctx, user, input.mentions);
  const now = nowSeconds();
  await ctx.db.transaction().execute(async (trx) => {
    await updateCommentBody(trx, id, input.body, now);
    await notifyMentioned(trx, reportRef(report), input.mentions, user.id);
    await recordComment(trx, report, "comment_edited", input.body, { actor: user, now });
  });
  return getComment(ctx, user, id);
}

export async function removeComment(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { report } = await requireOwnComment(ctx, user, id);
  const photos = await findCommentPhotos(ctx.db, [id]);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCommentRow(trx, id);
    await releaseStorage(trx, user.workspace_id, storedBytesOf(photos));
    await recordComment(trx, report, "comment_deleted", null, { actor: user, now: nowSeconds() });
  });
  await deleteFilesQuietly(ctx, fileKeysOf(photos));
}
