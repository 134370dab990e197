import type { Kysely } from "kysely";

// The ledger behind POST /api/snagging/sync's exactly-once promise (DESIGN §4): one row per
// (user, tempId) applied, inserted in the same transaction as the change. The primary key makes a
// concurrent duplicate fail at commit, which the service answers as a replay.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sync_applied")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("temp_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("result_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("sync_applied_pk", ["user_id", "temp_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sync_applied").ifExists().execute();
}
