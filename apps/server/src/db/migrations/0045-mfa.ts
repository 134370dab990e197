import type { Kysely } from "kysely";

// Two-factor sign-in (issue 40, decision 0070). A factor is one row per credential; `kind` is
// "totp" now and "passkey" next (its credential columns arrive with it), so a person can hold
// several and the sign-in step offers whichever they have. A TOTP secret is kept encrypted
// (auth/secret-box.ts); recovery codes and sign-in step tokens only as SHA-256 hashes. A workspace
// can require a factor of every member. `user_sessions` gives a refresh-token family (a session)
// the device and address it was opened from, for the person's own sessions list.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mfa_factors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("secret_encrypted", "text")
    /** The last TOTP time step accepted: a code of that step or earlier is refused (replay). */
    .addColumn("last_used_step", "bigint")
    /** Null while the factor is being set up (its first code not yet confirmed). */
    .addColumn("confirmed_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint")
    .execute();
  await db.schema.createIndex("mfa_factors_user").on("mfa_factors").columns(["user_id", "kind"]).execute();

  await db.schema
    .createTable("mfa_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("mfa_recovery_codes_user").on("mfa_recovery_codes").column("user_id").execute();

  await db.schema
    .createTable("mfa_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_sessions")
    .addColumn("family_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_used_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("user_sessions_user").on("user_sessions").column("user_id").execute();

  await db.schema
    .alterTable("workspaces")
    .addColumn("require_mfa", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("workspaces").dropColumn("require_mfa").execute();
  for (const table of ["user_sessions", "mfa_challenges", "mfa_recovery_codes", "mfa_factors"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
