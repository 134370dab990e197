import type { Kysely } from "kysely";

// Portable DDL for SQLite and PostgreSQL: text ids (UUIDv7), bigint epoch seconds.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspaces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_demo", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("workspaces_demo_expiry").on("workspaces").columns(["is_demo", "expires_at"]).execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("user"))
    .addColumn("membership_type", "text", (c) => c.notNull().defaultTo("free"))
    .addColumn("membership_start_date", "bigint")
    .addColumn("membership_end_date", "bigint")
    .addColumn("membership_amount", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_workspace").on("users").column("workspace_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("family_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refresh_tokens_family").on("refresh_tokens").column("family_id").execute();
  await db.schema.createIndex("refresh_tokens_user").on("refresh_tokens").column("user_id").execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("client_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("projects_workspace").on("projects").columns(["workspace_id", "created_at"]).execute();

  await db.schema
    .createTable("snagging_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("category", "text", (c) => c.notNull().defaultTo("other"))
    .addColumn("assigned_to", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("due_date", "bigint")
    .addColumn("location_lat", "double precision")
    .addColumn("location_lng", "double precision")
    .addColumn("page_url", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("snagging_reports_workspace")
    .on("snagging_reports")
    .columns(["workspace_id", "created_at"])
    .execute();
  await db.schema.createIndex("snagging_reports_project").on("snagging_reports").column("project_id").execute();
  await db.schema
    .createIndex("snagging_reports_title")
    .on("snagging_reports")
    .columns(["workspace_id", "title"])
    .unique()
    .execute();

  await db.schema
    .createTable("attachments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("report_id", "text", (c) => c.notNull().references("snagging_reports.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("thumbnail_key", "text")
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("attachments_report").on("attachments").columns(["report_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["attachments", "snagging_reports", "projects", "refresh_tokens", "users", "workspaces"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
