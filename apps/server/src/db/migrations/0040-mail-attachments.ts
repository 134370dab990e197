import type { Kysely } from "kysely";

// A message may carry one file (issue 37: the weekly report's PDF): its key in file storage and
// the name it is attached under. The bytes stay in storage (never in the outbox row); the
// transport streams them into the message when it sends.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("attachment_key", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("attachment_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("attachment_name").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("attachment_key").execute();
}
