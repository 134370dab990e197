import type { Kysely } from "kysely";

// The weekly report by email (issue 37, decision 0065).
// - projects.time_zone: the IANA zone a project's schedule is read in (Europe/London until set).
// - weekly_report_schedules: one row per project that has a schedule: the day (1 = Monday … 7 =
//   Sunday, ISO) and local hour it goes out, whether it is on, and `active_since` (when it was last
//   switched on or moved): only a report time at or after it is ever sent, so moving Friday 09:00
//   to Friday 08:00 at 08:30 does not send at once; and `locale`, the language typed addresses
//   read (that of whoever saved the schedule last: they have no account to choose one).
// - weekly_report_recipients: members (user_id) or typed addresses (email), one row each.
// - weekly_report_runs: one row per project and period (the local date of the report time), unique
//   on (project_id, period): the instance whose insert lands owns that report; a run left claimed
//   by an instance that died is taken over after its lease. Its `sent_at` is "last sent".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("time_zone", "varchar(64)", (c) => c.notNull().defaultTo("Europe/London"))
    .execute();
  await db.schema
    .createTable("weekly_report_schedules")
    .addColumn("project_id", "text", (c) => c.primaryKey().references("projects.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("day_of_week", "integer", (c) => c.notNull())
    .addColumn("hour", "integer", (c) => c.notNull())
    .addColumn("active_since", "bigint", (c) => c.notNull())
    .addColumn("locale", "varchar(16)", (c) => c.notNull().defaultTo("en-GB"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("weekly_report_schedules_enabled")
    .on("weekly_report_schedules")
    .column("enabled")
    .execute();
  await db.schema
    .createTable("weekly_report_recipients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("weekly_report_recipients_user", ["project_id", "user_id"])
    .addUniqueConstraint("weekly_report_recipients_email", ["project_id", "email"])
    .execute();
  await db.schema
    .createTable("weekly_report_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("period", "varchar(64)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("lease_until", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .addColumn("file_key", "text")
    .addUniqueConstraint("weekly_report_runs_period", ["project_id", "period"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("weekly_report_runs").ifExists().execute();
  await db.schema.dropTable("weekly_report_recipients").ifExists().execute();
  await db.schema.dropTable("weekly_report_schedules").ifExists().execute();
  await db.schema.alterTable("projects").dropColumn("time_zone").execute();
}
