import { type Kysely, sql } from "kysely";

// Insight (issue 37, decision 0062): when a report was last resolved (resolved or closed; null while
// open or in progress) and when its current assignee got it, kept on the report by the one writer
// of its status and assignee (snagging.repository.ts updateReport/insertReport). The overview's
// weekly series and per-assignee days read these columns instead of parsing the history's JSON.
// Existing reports take the time from their history when it says, else their last change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("snagging_reports").addColumn("resolved_at", "bigint").execute();
  await db.schema.alterTable("snagging_reports").addColumn("assigned_at", "bigint").execute();
  await sql`update snagging_reports set resolved_at = coalesce(
      (select max(a.created_at) from report_activity a where a.report_id = snagging_reports.id
        and a.type = 'status_changed'
        and (a.changes like '%"to":"resolved"%' or a.changes like '%"to":"closed"%')),
      updated_at)
    where status in ('resolved', 'closed')`.execute(db);
  await sql`update snagging_reports set assigned_at = coalesce(
      (select max(a.created_at) from report_activity a where a.report_id = snagging_reports.id
        and a.type = 'edited' and a.changes like '%"field":"assignedTo"%'),
      created_at)
    where assigned_to is not null or assigned_contact_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("snagging_reports").dropColumn("assigned_at").execute();
  await db.schema.alterTable("snagging_reports").dropColumn("resolved_at").execute();
}
