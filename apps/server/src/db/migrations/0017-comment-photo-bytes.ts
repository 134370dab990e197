import type { Kysely } from "kysely";

// Comment photos count against the workspace's storage quota (issue 22, decision 0019): their rows
// record what their display copy and thumbnail hold, as attachments do. Photos stored before this
// migration record 0 (they were never charged, so releasing them releases nothing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("comment_photos")
    .addColumn("size_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("comment_photos")
    .addColumn("thumbnail_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("comment_photos").dropColumn("thumbnail_bytes").execute();
  await db.schema.alterTable("comment_photos").dropColumn("size_bytes").execute();
}
