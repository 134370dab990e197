import type { CursorKey } from "@sitesnag/shared/pagination";
import type { Kysely, Selectable, Transaction } from "kysely";
import { afterCursor } from "../db/keyset";
import type { CommentPhotosTable, Database, ReportCommentsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;
export type CommentRow = Selectable<ReportCommentsTable>;
export type CommentPhotoRow = Selectable<CommentPhotosTable>;

const withAuthor = (db: Q) =>
  db
    .selectFrom("report_comments as c")
    .leftJoin("users as u", "u.id", "c.author_id")
    .selectAll("c")
    .select(["u.first_name as author_first_name", "u.last_name as author_last_name"]);
export type CommentWithAuthor = Awaited<ReturnType<ReturnType<typeof withAuthor>["executeTakeFirstOrThrow"]>>;

/** One page of a report's comments, newest first (`size + 1` rows). */
export const findCommentsPage = (db: Q, reportId: string, after: CursorKey | undefined, size: number) => {
  let q = withAuthor(db).where("c.report_id", "=", reportId);
  if (after) q = q.where(afterCursor("c.created_at", "c.id", after));
  return q
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .limit(size + 1)
    .execute();
};

/** A comment of the workspace (another workspace's is not found). */
export const findComment = (db: Q, workspaceId: string, id: string) =>
  withAuthor(db).where("c.workspace_id", "=", workspaceId).where("c.id", "=", id).executeTakeFirst();

export const findCommentPhotos = (db: Q, commentIds: readonly string[]): Promise<CommentPhotoRow[]> =>
  commentIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("comment_photos")
        .selectAll()
        .where("comment_id", "in", [...commentIds])
        .orderBy("comment_id")
        .orderBy("position")
        .execute();

/** The file keys of every photo of a report's comments (deleted after the report's rows). */
export const findReportCommentPhotoKeys = (db: Q, reportId: string) =>
  db
    .selectFrom("comment_photos")
    .innerJoin("report_comments", "report_comments.id", "comment_photos.comment_id")
    .select(["comment_photos.storage_key", "comment_photos.thumbnail_key"])
    .where("report_comments.report_id", "=", reportId)
    .execute();

/** A new comment: the BCF columns (migration 0049) are set only by an import. */
export type NewCommentRow = Omit<CommentRow, "bcf_guid" | "external_author"> &
  Partial<Pick<CommentRow, "bcf_guid" | "external_author">>;

export async function insertComment(db: Q, row: NewCommentRow, photos: readonly CommentPhotoRow[]): Promise<void> {
  await db.insertInto("report_comments").values(row).execute();
  if (photos.length > 0)
    await db
      .insertInto("comment_photos")
      .values([...photos])
      .execute();
}

export async function updateCommentBody(
  db: Q,
  id: string,
  body: string,
  editedAt: number,
  mentioned: string,
): Promise<void> {
  await db.updateTable("report_comments").set({ body, edited_at: editedAt, mentioned }).where("id", "=", id).execute();
}

/** The comment and its photo rows (cascade); the caller deletes the files after the commit. */
export async function deleteCommentRow(db: Q, id: string): Promise<void> {
  await db.deleteFrom("report_comments").where("id", "=", id).execute();
}
