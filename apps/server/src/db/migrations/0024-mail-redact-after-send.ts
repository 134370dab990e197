import type { Kysely } from "kysely";

// Issue 27, decision 0034: a message can name a secret (a share link's token) that is removed from
// the outbox's stored copy once the message is sent, so the table does not keep a live bearer
// credential in plain text for the 30 days sent messages are kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("redact_after_send", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("redact_after_send").execute();
}
