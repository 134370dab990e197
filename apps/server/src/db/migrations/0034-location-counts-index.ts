import type { Kysely } from "kysely";

// The location tree's report counts (issue 36, decision 0051): one grouped pass over a project's
// reports by (location, status). With every column the query reads in one index, PostgreSQL
// answers it from the index alone (an index-only scan, no table rows read) and SQLite from a
// covering index, whatever else the reports carry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("snagging_reports_project_location_status_idx")
    .on("snagging_reports")
    .columns(["workspace_id", "project_id", "location_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("snagging_reports_project_location_status_idx").ifExists().execute();
}
