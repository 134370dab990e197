import type { Kysely } from "kysely";

// Issue 25, decision 0038: no silent overwrite for audit answers. Each answered item has a version
// that rises with every change of it; each history row keeps the item version it produced and,
// for a change from a device, when it was made there. Rows from before have no version: a change
// made on version 0 or later is compared with the rows written since.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audit_answers")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("audit_answer_history").addColumn("version", "integer").execute();
  await db.schema.alterTable("audit_answer_history").addColumn("device_at", "bigint").execute();
  await db.schema
    .createIndex("audit_answer_history_item")
    .on("audit_answer_history")
    .columns(["audit_id", "item_id", "version"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_answer_history_item").ifExists().execute();
  await db.schema.alterTable("audit_answer_history").dropColumn("device_at").execute();
  await db.schema.alterTable("audit_answer_history").dropColumn("version").execute();
  await db.schema.alterTable("audit_answers").dropColumn("version").execute();
}
