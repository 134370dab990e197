import { type Kysely, sql } from "kysely";

// Drawings (issue 24): a project's sheets, each with numbered revisions (the rendered tiles of
// one page of an uploaded file), and a report's pin on a sheet (sheet_id with pin_x/pin_y in 0–1,
// relative to the sheet, so a new revision keeps every pin where it was). Deleting a sheet clears
// its reports' pins in the same transaction (sheets.cascade.ts), so no foreign key is needed
// on the report's side and SQLite's ALTER TABLE stays simple.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sheets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("level", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("page_number", "integer", (c) => c.notNull())
    .addColumn("current_revision", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sheets_project_idx")
    .on("sheets")
    .columns(["workspace_id", "project_id", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("sheet_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("sheet_id", "text", (c) => c.notNull().references("sheets.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("failure_reason", "text")
    .addColumn("source_key", "text", (c) => c.notNull())
    .addColumn("source_page", "integer", (c) => c.notNull())
    .addColumn("tiles_key", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("height", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tile_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("sheet_revisions_sheet_revision_unique", ["sheet_id", "revision"])
    .execute();
  await db.schema.createIndex("sheet_revisions_status_idx").on("sheet_revisions").columns(["status"]).execute();
  await db.schema.createIndex("sheet_revisions_source_idx").on("sheet_revisions").columns(["source_key"]).execute();

  await db.schema.alterTable("snagging_reports").addColumn("sheet_id", "text").execute();
  await db.schema.alterTable("snagging_reports").addColumn("pin_x", sql`double precision`).execute();
  await db.schema.alterTable("snagging_reports").addColumn("pin_y", sql`double precision`).execute();
  await db.schema.createIndex("snagging_reports_sheet_idx").on("snagging_reports").columns(["sheet_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("snagging_reports_sheet_idx").ifExists().execute();
  for (const column of ["pin_y", "pin_x", "sheet_id"]) {
    await db.schema.alterTable("snagging_reports").dropColumn(column).execute();
  }
  await db.schema.dropTable("sheet_revisions").ifExists().execute();
  await db.schema.dropTable("sheets").ifExists().execute();
}
