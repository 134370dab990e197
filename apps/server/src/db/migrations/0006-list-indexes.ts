import type { Kysely } from "kysely";

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

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces.name).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [...INDEXES].reverse()) {
    if (index.replaces)
      await db.schema.createIndex(index.replaces.name).on(index.table).columns(index.replaces.columns).execute();
    await db.schema.dropIndex(index.name).execute();
  }
}
