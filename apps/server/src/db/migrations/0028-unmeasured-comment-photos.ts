import { type Kysely, sql } from "kysely";

// Comment photos stored before migration 0017 recorded no size and were never charged to the
// workspace's storage quota (their `size_bytes` and `thumbnail_bytes` are 0, which no stored file
// has). Listed here, display copy and thumbnail apart, for the server to measure after it starts,
// as migration 0027 lists the other files of that kind (quotas/unmeasured-files.ts, decision 0042).
export async function up(db: Kysely<unknown>): Promise<void> {
  await listUnmeasuredCommentPhotos(db);
}

/** Lists every comment photo file whose row records no size, once each. */
export async function listUnmeasuredCommentPhotos(db: Kysely<unknown>): Promise<void> {
  await sql`insert into unmeasured_files (kind, row_id)
      select 'comment-photo', id from comment_photos where size_bytes = 0`.execute(db);
  await sql`insert into unmeasured_files (kind, row_id)
      select 'comment-photo-thumbnail', id from comment_photos
      where thumbnail_key is not null and thumbnail_bytes = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // What was measured stays charged; what was not is simply no longer listed.
  await sql`delete from unmeasured_files where kind in ('comment-photo', 'comment-photo-thumbnail')`.execute(db);
}
