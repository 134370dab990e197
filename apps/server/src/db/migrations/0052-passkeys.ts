import type { Kysely } from "kysely";

// Passkeys (issue 40, decision 0077). A passkey is an `mfa_factors` row of kind "passkey", so the
// workspace policy and the sign-in step count it like an authenticator app: its credential ID
// (unique: a credential belongs to one account), its COSE public key, the signature counter last
// seen, the transports the browser named, and the name its owner gave it. WebAuthn challenges are
// kept server-side, single-use and short-lived, so any instance can check any step.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mfa_factors").addColumn("credential_id", "text").execute();
  await db.schema.alterTable("mfa_factors").addColumn("public_key", "text").execute();
  await db.schema.alterTable("mfa_factors").addColumn("sign_count", "bigint").execute();
  await db.schema.alterTable("mfa_factors").addColumn("transports", "text").execute();
  await db.schema.alterTable("mfa_factors").addColumn("name", "text").execute();
  await db.schema.createIndex("mfa_factors_credential").on("mfa_factors").column("credential_id").unique().execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** The challenge as sent (base64url): unique, spent by deleting the row. */
    .addColumn("challenge", "text", (c) => c.notNull().unique())
    /** "register", "confirm" (a fresh factor), "second-factor" or "sign-in" (passwordless). */
    .addColumn("purpose", "text", (c) => c.notNull())
    /** The account it was made for; null for a passwordless sign-in (the passkey names it). */
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    /** The sign-in step (mfa_challenges) a second-factor challenge belongs to. */
    .addColumn("mfa_challenge_id", "text")
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webauthn_challenges_expires").on("webauthn_challenges").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webauthn_challenges").ifExists().execute();
  await db.schema.dropIndex("mfa_factors_credential").ifExists().execute();
  for (const column of ["name", "transports", "sign_count", "public_key", "credential_id"]) {
    await db.schema.alterTable("mfa_factors").dropColumn(column).execute();
  }
}
