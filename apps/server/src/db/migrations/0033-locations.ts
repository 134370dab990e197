import type { Kysely } from "kysely";

// Site structure (issue 36, decision 0051): a project's tree of locations, at most five levels.
// - `path` (the names joined with " > ") is kept on every row, rewritten for a subtree when a name
//   or a parent changes, so a report list shows its location's path with one join.
// - `parent_key` is the parent's id, or "" at the top level: NULLs never collide in a unique index,
//   so the sibling-name rule (case-insensitive, `name_key`) needs a non-null column on both databases.
// - `location_closure` holds one row per (ancestor, descendant) pair, a location being its own
//   ancestor at distance 0: "everything under Level 3" is one indexed lookup on ancestor_id, on
//   SQLite and PostgreSQL alike, whatever the depth. Five levels bound it at five rows a location.
// - A report's `location_id` has no foreign key (SQLite's ALTER TABLE): deleting a location clears
//   its reports' links in the same transaction (locations.service.ts), as deleting a sheet does.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("locations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("parent_id", "text", (c) => c.references("locations.id").onDelete("cascade"))
    .addColumn("parent_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("code", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("depth", "integer", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("sheet_id", "text", (c) => c.references("sheets.id").onDelete("set null"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("locations_sibling_name_unique", ["project_id", "parent_key", "name_key"])
    .execute();
  await db.schema.createIndex("locations_parent_idx").on("locations").columns(["parent_id"]).execute();
  await db.schema.createIndex("locations_sheet_idx").on("locations").columns(["sheet_id"]).execute();

  await db.schema
    .createTable("location_closure")
    .addColumn("ancestor_id", "text", (c) => c.notNull().references("locations.id").onDelete("cascade"))
    .addColumn("descendant_id", "text", (c) => c.notNull().references("locations.id").onDelete("cascade"))
    .addColumn("distance", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("location_closure_pk", ["ancestor_id", "descendant_id"])
    .execute();
  await db.schema
    .createIndex("location_closure_descendant_idx")
    .on("location_closure")
    .columns(["descendant_id", "ancestor_id"])
    .execute();

  await db.schema.alterTable("snagging_reports").addColumn("location_id", "text").execute();
  await db.schema
    .createIndex("snagging_reports_location_idx")
    .on("snagging_reports")
    .columns(["location_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("snagging_reports_location_idx").ifExists().execute();
  await db.schema.alterTable("snagging_reports").dropColumn("location_id").execute();
  await db.schema.dropTable("location_closure").ifExists().execute();
  await db.schema.dropTable("locations").ifExists().execute();
}
