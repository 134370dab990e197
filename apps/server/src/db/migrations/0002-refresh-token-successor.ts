import type { Kysely } from "kysely";

// Links a rotated refresh token to the token that replaced it, so a presentation of the
// immediate predecessor within seconds (two tabs, a lost response) can be told from theft.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").addColumn("replaced_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").dropColumn("replaced_by").execute();
}
