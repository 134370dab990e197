import { type Kysely, sql } from "kysely";

// Email (issue 26): the outbox every message goes out from (a failed send waits there with its
// next attempt; a lease keeps two instances from sending one row), and password-reset tokens
// (only their SHA-256 hash is kept).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("to_name", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("unsubscribe_url", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "bigint")
    .addColumn("last_error", "text")
    .addColumn("last_attempt_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("mail_outbox_due").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    /** A hash of the password hash when the link was made: a later password change voids the link. */
    .addColumn("password_fingerprint", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .execute();
  await db.schema.createIndex("password_resets_user").on("password_resets").column("user_id").execute();

  // Notification mail: each person's choice per kind (no row: the kind's default), their time
  // zone and the local day their last digest went out (claimed by one instance).
  await db.schema
    .createTable("notification_mail_preferences")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("mode", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_mail_preferences_pk", ["user_id", "kind"])
    .execute();
  await db.schema
    .createTable("mail_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("digest_sent_on", "text")
    .execute();
  // What the mailer made of each notification: null = not yet looked at, then instant (mailed),
  // digest (waiting for the daily digest), digested, or off. Notifications from before this
  // migration are never mailed.
  await db.schema.alterTable("notifications").addColumn("mail_state", "text").execute();
  await sql`update notifications set mail_state = 'off'`.execute(db);
  await db.schema
    .createIndex("notifications_mail_state")
    .on("notifications")
    .columns(["mail_state", "user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notifications_mail_state").ifExists().execute();
  await db.schema.alterTable("notifications").dropColumn("mail_state").execute();
  await db.schema.dropTable("mail_settings").ifExists().execute();
  await db.schema.dropTable("notification_mail_preferences").ifExists().execute();
  await db.schema.dropTable("password_resets").ifExists().execute();
  await db.schema.dropTable("mail_outbox").ifExists().execute();
}
