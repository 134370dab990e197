import { type Kysely, PostgresAdapter, sql } from "kysely";

// Lists at scale (decision 0018): every paged list reads one index range in its order,
// (filter…, sort key, id), so a page costs the same in a workspace of 1,000 reports as in one of
// 100,000. Each new index supersedes an older one that lacked the id tie-breaker.
const INDEXES: { name: string; table: string; columns: string[]; replaces?: { name: string; columns: string[] } }[] = [
  {
    name: "snagging_reports_page",
    table: "snagging_reports",
    columns: ["workspace_id", "created_at", "id"],
    replaces: { name: "snagging_reports_workspace", columns: ["workspace_id", "created_at"] },
  },
  // The status filter, and the per-status counts (an index-only scan on PostgreSQL).
  {
    name: "snagging_reports_status_page",
    table: "snagging_reports",
    columns: ["workspace_id", "status", "created_at", "id"],
  },
  {
    name: "snagging_reports_priority_page",
    table: "snagging_reports",
    columns: ["workspace_id", "priority", "created_at", "id"],
  },
  {
    name: "snagging_reports_project_page",
    table: "snagging_reports",
    columns: ["project_id", "created_at", "id"],
    replaces: { name: "snagging_reports_project", columns: ["project_id"] },
  },
  {
    name: "projects_workspace_page",
    table: "projects",
    columns: ["workspace_id", "created_at", "id"],
    replaces: { name: "projects_workspace", columns: ["workspace_id", "created_at"] },
  },
  {
    name: "notifications_user_page",
    table: "notifications",
    columns: ["user_id", "workspace_id", "created_at", "id"],
    replaces: { name: "notifications_user", columns: ["user_id", "created_at"] },
  },
  {
    name: "users_created_page",
    table: "users",
    columns: ["created_at", "id"],
    replaces: { name: "users_created", columns: ["created_at"] },
  },
  { name: "users_membership_page", table: "users", columns: ["membership_type", "created_at", "id"] },
];

// The dashboard's and the status chips' figures: reports per (workspace, status), kept by triggers in
// the same statement as every insert, status change and delete (cascades included), so counting a
// workspace of 100,000 reports reads four rows. Filtered counts still count the index.
const PG_TRIGGER = [
  sql`create function report_status_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update report_status_counts set n = n - 1 where workspace_id = old.workspace_id and status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into report_status_counts (workspace_id, status, n) values (new.workspace_id, new.status, 1)
        on conflict (workspace_id, status) do update set n = report_status_counts.n + 1;
      end if;
      return null;
    end $$`,
  sql`create trigger snagging_reports_status_counts after insert or delete or update of status, workspace_id
    on snagging_reports for each row execute function report_status_counts_apply()`,
];
const SQLITE_TRIGGERS = [
  sql`create trigger snagging_reports_counts_insert after insert on snagging_reports begin
    insert into report_status_counts (workspace_id, status, n) values (new.workspace_id, new.status, 1)
    on conflict (workspace_id, status) do update set n = n + 1;
  end`,
  sql`create trigger snagging_reports_counts_delete after delete on snagging_reports begin
    update report_status_counts set n = n - 1 where workspace_id = old.workspace_id and status = old.status;
  end`,
  sql`create trigger snagging_reports_counts_update after update of status, workspace_id on snagging_reports begin
    update report_status_counts set n = n - 1 where workspace_id = old.workspace_id and status = old.status;
    insert into report_status_counts (workspace_id, status, n) values (new.workspace_id, new.status, 1)
    on conflict (workspace_id, status) do update set n = n + 1;
  end`,
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces.name).execute();
  }
  await db.schema
    .createTable("report_status_counts")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_status_counts_pk", ["workspace_id", "status"])
    .execute();
  await sql`insert into report_status_counts (workspace_id, status, n)
    select workspace_id, status, count(*) from snagging_reports group by workspace_id, status`.execute(db);
  for (const statement of isPostgres(db) ? PG_TRIGGER : SQLITE_TRIGGERS) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists snagging_reports_status_counts on snagging_reports`.execute(db);
    await sql`drop function if exists report_status_counts_apply()`.execute(db);
  } else {
    for (const name of ["insert", "delete", "update"]) {
      await sql`drop trigger if exists ${sql.raw(`snagging_reports_counts_${name}`)}`.execute(db);
    }
  }
  await db.schema.dropTable("report_status_counts").ifExists().execute();
  for (const index of [...INDEXES].reverse()) {
    if (index.replaces)
      await db.schema.createIndex(index.replaces.name).on(index.table).columns(index.replaces.columns).execute();
    await db.schema.dropIndex(index.name).execute();
  }
}
