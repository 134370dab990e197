import type { Kysely } from "kysely";

// The Trash (apps/server/src/trash/): a deleted project or report leaves the live tables, so no
// list, count, search, CSV, figure or sync answer can show it; its rows wait here as one JSON
// snapshot until restored, or purged after 30 days (its files go only then).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trash_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("project_id", "text")
    .addColumn("deleted_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("deleted_by_name", "text", (c) => c.notNull())
    .addColumn("deleted_at", "bigint", (c) => c.notNull())
    .addColumn("purge_at", "bigint", (c) => c.notNull())
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("file_keys", "text", (c) => c.notNull())
    .addColumn("file_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("trash_items_workspace")
    .on("trash_items")
    .columns(["workspace_id", "deleted_at"])
    .execute();
  await db.schema.createIndex("trash_items_purge").on("trash_items").column("purge_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trash_items").ifExists().execute();
}
