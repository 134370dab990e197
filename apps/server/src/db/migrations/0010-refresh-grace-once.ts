import type { Kysely } from "kysely";

// When a rotated refresh token used its one grace replay (docs/decisions/0020): a second
// presentation inside the grace window is then treated as theft, like any other reuse.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").addColumn("grace_used_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("refresh_tokens").dropColumn("grace_used_at").execute();
}
