import type { Kysely } from "kysely";

// The security log (issue 40, decision 0071): append-only, one row per sign-in, failed attempt,
// factor change, password change, ended session, membership change or policy change. `user_id` is
// the account the entry is about (its owner reads it), `workspace_id` the workspace it happened in
// (its owners read it), `actor_id` who did it (an owner removing a member). No foreign keys: an
// entry outlives the account it names, for the year it is kept (security-log.prune.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("security_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("workspace_id", "text")
    .addColumn("actor_id", "text")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("security_log_user").on("security_log").columns(["user_id", "at", "id"]).execute();
  await db.schema
    .createIndex("security_log_workspace")
    .on("security_log")
    .columns(["workspace_id", "at", "id"])
    .execute();
  await db.schema.createIndex("security_log_at").on("security_log").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("security_log").ifExists().execute();
}
