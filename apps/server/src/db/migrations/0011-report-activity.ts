import { type Kysely, PostgresAdapter, sql } from "kysely";

// A report's append-only history (issue 23, decision 0021) and the version every edit carries;
// the fix → verify → close workflow: two project settings (off by default), fix photos (an
// attachment's kind) and the count of rejected fixes.
// The database itself refuses to change an entry: a trigger aborts any UPDATE of report_activity.
// Entries go with their report (ON DELETE CASCADE); no FK on actor_id, so who did it outlives them.
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const PG_APPEND_ONLY = [
  sql`create function report_activity_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'report_activity is append-only';
    end $$`,
  sql`create trigger report_activity_no_update before update on report_activity
    for each row execute function report_activity_append_only()`,
];
const SQLITE_APPEND_ONLY = [
  sql`create trigger report_activity_no_update before update on report_activity begin
    select raise(abort, 'report_activity is append-only');
  end`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("snagging_reports")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("snagging_reports")
    .addColumn("rejection_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("require_evidence_to_close", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("projects")
    .addColumn("verified_closing", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("attachments")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("evidence"))
    .execute();
  await db.schema
    .createTable("report_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("report_id", "text", (c) => c.notNull().references("snagging_reports.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("changes", "text")
    .addColumn("comment", "text")
    .addColumn("version", "integer")
    .addColumn("via_offline", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("device_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // Comments on a report (their photos in comment_photos), with the report.
  await db.schema
    .createTable("report_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("report_id", "text", (c) => c.notNull().references("snagging_reports.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("edited_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("report_comments_page")
    .on("report_comments")
    .columns(["report_id", "created_at", "id"])
    .execute();
  await db.schema
    .createTable("comment_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("comment_id", "text", (c) => c.notNull().references("report_comments.id").onDelete("cascade"))
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("thumbnail_key", "text")
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("sha256", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("comment_photos_comment").on("comment_photos").column("comment_id").execute();
  await db.schema
    .createIndex("report_activity_page")
    .on("report_activity")
    .columns(["report_id", "created_at", "id"])
    .execute();
  for (const statement of isPostgres(db) ? PG_APPEND_ONLY : SQLITE_APPEND_ONLY) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("comment_photos").ifExists().execute();
  await db.schema.dropTable("report_comments").ifExists().execute();
  await db.schema.dropTable("report_activity").ifExists().execute();
  if (isPostgres(db)) await sql`drop function if exists report_activity_append_only()`.execute(db);
  await db.schema.alterTable("attachments").dropColumn("kind").execute();
  await db.schema.alterTable("projects").dropColumn("verified_closing").execute();
  await db.schema.alterTable("projects").dropColumn("require_evidence_to_close").execute();
  await db.schema.alterTable("snagging_reports").dropColumn("rejection_count").execute();
  await db.schema.alterTable("snagging_reports").dropColumn("version").execute();
}
