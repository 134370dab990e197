import type { Kysely } from "kysely";

// Share links and company branding (issue 27): a link gives someone without an account a set of a project's reports.
// Only the SHA-256 of the token is kept. Every view and action through a link is one row of
// share_link_events, named after the link, so it can move into the report's history as it is.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("share_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("assignee_id", "text")
    /** The snag filter (JSON) the link was made with; "{}" shares every report of the project. */
    .addColumn("filter", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("last_used_at", "bigint")
    .execute();
  await db.schema
    .createIndex("share_links_project")
    .on("share_links")
    .columns(["workspace_id", "project_id", "created_at"])
    .execute();

  await db.schema
    .createTable("share_link_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("link_id", "text", (c) => c.notNull().references("share_links.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("report_id", "text", (c) => c.references("snagging_reports.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("link_name", "text", (c) => c.notNull())
    .addColumn("note", "text")
    /** JSON list of the attachment ids a fix added (its "after" photos). */
    .addColumn("attachment_ids", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("share_link_events_report")
    .on("share_link_events")
    .columns(["report_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("share_link_events_link")
    .on("share_link_events")
    .columns(["link_id", "created_at"])
    .execute();

  // Company branding: one row per workspace that set any; the logo is a PNG in file storage.
  await db.schema
    .createTable("workspace_branding")
    .addColumn("workspace_id", "text", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
    .addColumn("company_name", "text")
    .addColumn("accent_colour", "text")
    .addColumn("logo_key", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("workspace_branding").ifExists().execute();
  await db.schema.dropTable("share_link_events").ifExists().execute();
  await db.schema.dropTable("share_links").ifExists().execute();
}
