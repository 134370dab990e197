import type { Kysely } from "kysely";

// When a revision's render last started (decision 0047): a revision still `processing` whose render
// started longer ago than a render may take was being drawn when its server stopped (a crash, or a
// page that took the process down), so it is settled failed instead of being drawn again at the
// next start-up. Null: never started, queued again as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sheet_revisions").addColumn("render_started_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sheet_revisions").dropColumn("render_started_at").execute();
}
