import type { Kysely } from "kysely";
import { sql } from "kysely";

// Issue 34 (decision 0048). `share_link_events.fix_id`: the id the share page gives one "mark
// fixed" (the same on every retry of it), unique per link, so a replayed fix adds nothing.
// `uploads.used_at`: when a report first named the upload. Until then its bytes are pending and
// count against the workspace's storage quota when more is uploaded; once used, the report's own
// copies are charged instead. Existing uploads a report has named since they arrived count as used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("share_link_events").addColumn("fix_id", "text").execute();
  await db.schema
    .createIndex("share_link_events_fix_id")
    .unique()
    .on("share_link_events")
    .columns(["link_id", "fix_id"])
    .execute();
  await db.schema.alterTable("uploads").addColumn("used_at", "bigint").execute();
  await sql`update uploads set used_at = last_used_at where last_used_at > created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("uploads").dropColumn("used_at").execute();
  await db.schema.dropIndex("share_link_events_fix_id").ifExists().execute();
  await db.schema.alterTable("share_link_events").dropColumn("fix_id").execute();
}
