import { type Kysely, PostgresAdapter } from "kysely";

// Content-addressed photo uploads (issue 28, decision 0025). `uploads` holds one row per
// (workspace, sha256) whose bytes are complete, checked against the hash and in file storage;
// `upload_parts` holds the bytes of unfinished resumable uploads, one row per piece received,
// keyed by its offset so two writers of the same piece cannot both succeed. Parts live in the
// database, not on one instance's disk, so a resume may land on any instance or after a restart.
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("uploads_pk", ["workspace_id", "sha256"])
    .execute();
  await db.schema.createIndex("uploads_last_used").on("uploads").columns(["last_used_at"]).execute();
  await db.schema
    .createTable("upload_parts")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("total_bytes", "integer", (c) => c.notNull())
    .addColumn("start", "integer", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("upload_parts_pk", ["workspace_id", "sha256", "start"])
    .execute();
  await db.schema.createIndex("upload_parts_created").on("upload_parts").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("upload_parts").ifExists().execute();
  await db.schema.dropTable("uploads").ifExists().execute();
}
