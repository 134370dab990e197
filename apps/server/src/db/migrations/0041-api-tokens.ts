import type { Kysely } from "kysely";

// API tokens (issue 38, decision 0066). Only the SHA-256 of a secret is kept: the secret holds 256
// random bits, so a fast hash is enough (nothing to brute-force) and lets the guard find a token
// by one indexed equality. Revoked rows stay (revoked_at) so the list can say who used what; the
// guard refuses them by the same lookup.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("scopes", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint")
    .addColumn("last_used_at", "bigint")
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema
    .createIndex("api_tokens_workspace")
    .on("api_tokens")
    .columns(["workspace_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_tokens").ifExists().execute();
}
