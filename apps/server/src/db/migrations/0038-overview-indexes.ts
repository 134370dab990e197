import { type Kysely, sql } from "kysely";

// The overview's reads (issue 37, decision 0062), each one index range whatever else a workspace
// holds. Open reports: a partial index over open and in-progress reports only, carrying every
// column the overview groups them by, so PostgreSQL answers from the index alone and the resolved
// and closed majority of a finished job is never read. Resolved reports: by (workspace, resolved_at)
// with what the weekly series and the per-assignee days read. Rejections: only the few reports with one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("snagging_reports_open_overview_idx")
    .on("snagging_reports")
    .columns([
      "workspace_id",
      "project_id",
      "priority",
      "category",
      "created_at",
      "due_date",
      "assigned_to",
      "assigned_contact_id",
      "location_id",
    ])
    .where(sql.ref("status"), "in", ["open", "in-progress"])
    .execute();
  await db.schema
    .createIndex("snagging_reports_resolved_idx")
    .on("snagging_reports")
    .columns(["workspace_id", "resolved_at", "project_id", "assigned_to", "assigned_contact_id", "assigned_at"])
    .where(sql.ref("resolved_at"), "is not", null)
    .execute();
  await db.schema
    .createIndex("snagging_reports_rejected_idx")
    .on("snagging_reports")
    .columns(["workspace_id", "project_id", "assigned_to", "assigned_contact_id", "rejection_count"])
    .where(sql.ref("rejection_count"), ">", 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "snagging_reports_rejected_idx",
    "snagging_reports_resolved_idx",
    "snagging_reports_open_overview_idx",
  ])
    await db.schema.dropIndex(name).ifExists().execute();
}
