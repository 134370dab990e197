import type { Kysely } from "kysely";

// Bulk changes (issue 39, decision 0075): every history entry and notification written by one
// POST /api/snagging/bulk carries the request's batch id, so the history shows which entries came
// together and the notification mailer sends each person one message for the batch.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_activity").addColumn("batch_id", "text").execute();
  await db.schema.alterTable("notifications").addColumn("batch_id", "text").execute();
  await db.schema.createIndex("notifications_batch_idx").on("notifications").columns(["batch_id", "user_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notifications_batch_idx").execute();
  await db.schema.alterTable("notifications").dropColumn("batch_id").execute();
  await db.schema.alterTable("report_activity").dropColumn("batch_id").execute();
}
