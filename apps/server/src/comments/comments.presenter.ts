import type { Comment } from "@sitesnag/shared/comments";
import { attachmentUrl } from "../snagging/snagging.presenter";
import type { CommentPhotoRow, CommentWithAuthor } from "./comments.repository";

export const presentComment = (row: CommentWithAuthor, photos: readonly CommentPhotoRow[]): Comment => ({
  id: row.id,
  reportId: row.report_id,
  authorId: row.author_id,
  authorName:
    row.author_first_name === null
      ? // A BCF comment's author who is not a member (migration 0049) reads as the BIM tool wrote it.
        (row.external_author ?? "A former member")
      : `${row.author_first_name} ${row.author_last_name ?? ""}`.trim(),
  body: row.body,
  photos: photos.map((p) => ({
    id: p.id,
    file_path: attachmentUrl(p.storage_key),
    thumbnail_path: p.thumbnail_key ? attachmentUrl(p.thumbnail_key) : null,
    original_name: p.original_name,
  })),
  createdAt: Number(row.created_at),
  editedAt: row.edited_at === null ? null : Number(row.edited_at),
});
