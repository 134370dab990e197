import type { Kysely } from "kysely";

// Single sign-on with OpenID Connect (issue 40, decision 0078).
// - sso_connections: one identity provider per workspace; the client secret sealed by SecretBox
//   (purpose "sso-client-secret:<workspace>"); `domain` unique: one workspace per email domain.
// - sso_identities: the link from a provider's (issuer, subject) to an account, never the email.
// - sso_flows: a started sign-in (state, nonce, PKCE verifier) named by the hash of the flow token
//   the browser keeps; single use, ten minutes.
// - sso_sessions: the sessions single sign-on opened, so a refresh past their maximum age sends the
//   person back to the provider (who may have disabled them meanwhile).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sso_connections")
    .addColumn("workspace_id", "text", (c) => c.primaryKey().references("workspaces.id").onDelete("cascade"))
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("client_secret", "text", (c) => c.notNull())
    .addColumn("domain", "text", (c) => c.notNull())
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("password_sign_in", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sso_connections_domain").on("sso_connections").column("domain").unique().execute();

  await db.schema
    .createTable("sso_identities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("sso_identities_subject")
    .on("sso_identities")
    .columns(["issuer", "subject"])
    .unique()
    .execute();
  await db.schema.createIndex("sso_identities_user").on("sso_identities").column("user_id").execute();

  await db.schema
    .createTable("sso_flows")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("sso_flows_expires").on("sso_flows").column("expires_at").execute();

  await db.schema
    .createTable("sso_sessions")
    .addColumn("family_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("opened_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sso_sessions_opened").on("sso_sessions").column("opened_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sso_sessions").ifExists().execute();
  await db.schema.dropTable("sso_flows").ifExists().execute();
  await db.schema.dropTable("sso_identities").ifExists().execute();
  await db.schema.dropTable("sso_connections").ifExists().execute();
}
