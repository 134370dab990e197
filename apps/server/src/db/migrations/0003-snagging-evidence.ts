import type { Kysely } from "kysely";

// Evidence kept per stored photo (dimensions and the SHA-256 of the stored display file), and the
// Idempotency-Key ledger for POST /api/snagging: one row per (user, key), written in the same
// transaction as the report it created, removed with that report.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("attachments").addColumn("sha256", "text").execute();
  await db.schema.alterTable("attachments").addColumn("width", "integer").execute();
  await db.schema.alterTable("attachments").addColumn("height", "integer").execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("report_id", "text", (c) => c.notNull().references("snagging_reports.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["user_id", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_report").on("idempotency_keys").column("report_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").ifExists().execute();
  for (const column of ["sha256", "width", "height"]) {
    await db.schema.alterTable("attachments").dropColumn(column).execute();
  }
}
