// The overview's queries (issue 37, decision 0062). Each reads one index range of the workspace's
// (or one project's) reports and answers a handful of grouped rows, whatever the workspace's size:
// open reports from the partial covering index of migration 0038, resolved ones from its
// resolved_at index, new ones from the list's (workspace, created_at) index. Dialect-neutral SQL:
// a moment's week is its seconds (shifted to Mondays) divided by a week's, truncated (SQLite binds
// numbers as REAL, so the cast) — its Monday-to-Sunday week in UTC.
import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const WEEK_SECONDS = 604_800;
/** 1970-01-01 was a Thursday: shifting by three days puts week boundaries on Mondays. */
export const MONDAY_SHIFT = 259_200;

export type Scope = { workspaceId: string; projectId: string | undefined };

const inScope = (s: Scope): RawBuilder<boolean> =>
  s.projectId === undefined
    ? sql<boolean>`r.workspace_id = ${s.workspaceId}`
    : sql<boolean>`r.workspace_id = ${s.workspaceId} and r.project_id = ${s.projectId}`;
const isOpen = sql<boolean>`r.status in ('open', 'in-progress')`;
const num = (v: unknown): number => Number(v ?? 0);

/** What one pass over the open reports groups by (each answers a few dozen rows at most). */
export type OpenGrouping = "age" | "trade" | "assignee" | "location";
const GROUP_COLUMNS: Record<OpenGrouping, string> = {
  age: "r.priority, bucket",
  trade: "r.category",
  assignee: "r.assigned_to, r.assigned_contact_id",
  location: "r.location_id",
};

export type OpenGroup = {
  priority?: string;
  bucket?: number;
  category?: string;
  assigned_to?: string | null;
  assigned_contact_id?: string | null;
  location_id?: string | null;
  /** 0: not due yet (or no date), 1: overdue, 2: due soon. */
  due: number;
  n: number;
};

/**
 * Open reports counted by one grouping and whether overdue or due soon, from the open reports'
 * partial index. One grouping per pass: grouping by all of them at once would answer a row per
 * report in a big workspace (assignee × location × trade × …).
 */
export async function groupOpenReports(
  db: Q,
  s: Scope,
  by: OpenGrouping,
  now: number,
  soonUntil: number,
  ageEdges: readonly number[],
): Promise<OpenGroup[]> {
  const [a, b, c] = ageEdges;
  const bucket =
    by === "age"
      ? sql`, case when r.created_at > ${a} then 0 when r.created_at > ${b} then 1 when r.created_at > ${c} then 2
          else 3 end as bucket`
      : sql``;
  const columns = sql.raw(GROUP_COLUMNS[by].replace(", bucket", ""));
  const { rows } = await sql<OpenGroup & { bucket?: number | string; due: number | string; n: number | string }>`
    select ${columns} ${bucket},
      case when r.due_date is null then 0 when r.due_date < ${now} then 1 when r.due_date < ${soonUntil} then 2
        else 0 end as due,
      count(*) as n
    from snagging_reports r where ${inScope(s)} and ${isOpen}
    group by ${sql.raw(GROUP_COLUMNS[by])}, due`.execute(db);
  return rows.map((r) => ({
    ...r,
    ...(r.bucket === undefined ? {} : { bucket: num(r.bucket) }),
    due: num(r.due),
    n: num(r.n),
  }));
}

export type OpenGroups = Record<OpenGrouping, OpenGroup[]>;

/**
 * Every grouping of the open reports. PostgreSQL: one read of the partial index, the four
 * groupings as GROUPING SETS of one query (its hash aggregates fed from the same scan). SQLite has
 * no grouping sets: one pass per grouping, as before (decision 0081).
 */
export async function groupOpenReportsAll(
  db: Q,
  s: Scope,
  now: number,
  soonUntil: number,
  ageEdges: readonly number[],
): Promise<OpenGroups> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    const pass = (by: OpenGrouping) => groupOpenReports(db, s, by, now, soonUntil, ageEdges);
    const [age, trade, assignee, location] = await Promise.all([
      pass("age"),
      pass("trade"),
      pass("assignee"),
      pass("location"),
    ]);
    return { age, trade, assignee, location };
  }
  const [a, b, c] = ageEdges;
  const query = sql<{
    priority: string | null;
    bucket: number | null;
    category: string | null;
    assigned_to: string | null;
    assigned_contact_id: string | null;
    location_id: string | null;
    due: number;
    gp: number;
    gc: number;
    ga: number;
    n: number | string;
  }>`
    select o.priority, o.bucket, o.category, o.assigned_to, o.assigned_contact_id, o.location_id, o.due,
      grouping(o.priority) as gp, grouping(o.category) as gc, grouping(o.assigned_to) as ga, count(*) as n
    from (
      select r.priority, r.category, r.assigned_to, r.assigned_contact_id, r.location_id,
        case when r.created_at > ${a} then 0 when r.created_at > ${b} then 1 when r.created_at > ${c} then 2
          else 3 end as bucket,
        case when r.due_date is null then 0 when r.due_date < ${now} then 1 when r.due_date < ${soonUntil} then 2
          else 0 end as due
      from snagging_reports r where ${inScope(s)} and ${isOpen}
    ) o
    group by grouping sets ((o.priority, o.bucket, o.due), (o.category, o.due),
      (o.assigned_to, o.assigned_contact_id, o.due), (o.location_id, o.due))`;
  // The planner cannot count the groups of the CASE columns and guesses tens of thousands, more
  // than work_mem holds, so it sorted one grouping set (spilling to disk) instead of hashing all
  // four (about 140 groups, 1.6 MB, in the 100,000-report workspace). A larger work_mem for this
  // statement's transaction (`set local`; in a caller's transaction, until it ends); a hash table
  // that still outgrew it would spill in batches, not fail.
  const run = async (q: Q) => {
    await sql`set local work_mem = '32MB'`.execute(q);
    return query.execute(q);
  };
  const { rows } = db.isTransaction ? await run(db) : await db.transaction().execute(run);
  const out: OpenGroups = { age: [], trade: [], assignee: [], location: [] };
  for (const r of rows) {
    const base = { due: num(r.due), n: num(r.n) };
    if (num(r.gp) === 0) out.age.push({ priority: r.priority ?? "", bucket: num(r.bucket), ...base });
    else if (num(r.gc) === 0) out.trade.push({ category: r.category ?? "", ...base });
    else if (num(r.ga) === 0)
      out.assignee.push({ assigned_to: r.assigned_to, assigned_contact_id: r.assigned_contact_id, ...base });
    else out.location.push({ location_id: r.location_id, ...base });
  }
  return out;
}

/** Reports made per week from `since` on, and how many of them in the last `recentSince` window. */
export async function countOpenedPerWeek(db: Q, s: Scope, since: number, recentSince: number) {
  const { rows } = await sql<{ week: number | string; n: number | string; recent: number | string }>`
    select cast((r.created_at + ${MONDAY_SHIFT}) / ${WEEK_SECONDS} as integer) as week, count(*) as n,
      sum(case when r.created_at >= ${recentSince} then 1 else 0 end) as recent
    from snagging_reports r where ${inScope(s)} and r.created_at >= ${since}
    group by week`.execute(db);
  return rows.map((r) => ({ week: num(r.week), n: num(r.n), recent: num(r.recent) }));
}

/** Reports resolved (and still resolved or closed) per week from `since` on. */
export async function countResolvedPerWeek(db: Q, s: Scope, since: number, recentSince: number) {
  const { rows } = await sql<{ week: number | string; n: number | string; recent: number | string }>`
    select cast((r.resolved_at + ${MONDAY_SHIFT}) / ${WEEK_SECONDS} as integer) as week, count(*) as n,
      sum(case when r.resolved_at >= ${recentSince} then 1 else 0 end) as recent
    from snagging_reports r where ${inScope(s)} and r.resolved_at >= ${since}
    group by week`.execute(db);
  return rows.map((r) => ({ week: num(r.week), n: num(r.n), recent: num(r.recent) }));
}

/** Per assignee: seconds from assignment to resolution summed over reports resolved in [from, to). */
export async function sumResolveTimes(db: Q, s: Scope, from: number, to: number) {
  const { rows } = await sql<{
    assigned_to: string | null;
    assigned_contact_id: string | null;
    total: number | string;
    n: number | string;
  }>`
    select r.assigned_to, r.assigned_contact_id, sum(r.resolved_at - r.assigned_at) as total, count(*) as n
    from snagging_reports r where ${inScope(s)} and r.resolved_at >= ${from} and r.resolved_at < ${to}
      and r.assigned_at is not null and r.resolved_at >= r.assigned_at
    group by r.assigned_to, r.assigned_contact_id`.execute(db);
  return rows.map((r) => ({ ...r, total: num(r.total), n: num(r.n) }));
}

/** Per assignee: fixes rejected at verification on the reports they hold now. */
export async function sumRejections(db: Q, s: Scope) {
  const { rows } = await sql<{ assigned_to: string | null; assigned_contact_id: string | null; n: number | string }>`
    select r.assigned_to, r.assigned_contact_id, sum(r.rejection_count) as n
    from snagging_reports r where ${inScope(s)} and r.rejection_count > 0
    group by r.assigned_to, r.assigned_contact_id`.execute(db);
  return rows.map((r) => ({ ...r, n: num(r.n) }));
}

export const findMemberNames = (db: Q, workspaceId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("users")
        .select(["id", "first_name", "last_name"])
        .where("workspace_id", "=", workspaceId)
        .where("id", "in", [...ids])
        .execute();

export const findContactNames = (db: Q, workspaceId: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("workspace_contacts")
        .select(["id", "name"])
        .where("workspace_id", "=", workspaceId)
        .where("id", "in", [...ids])
        .execute();

/** A location of the workspace (and of the project, when one is named). */
export const findScopedLocation = (db: Q, s: Scope, id: string) => {
  let q = db
    .selectFrom("locations")
    .select(["id", "path", "parent_id", "project_id"])
    .where("workspace_id", "=", s.workspaceId)
    .where("id", "=", id);
  if (s.projectId !== undefined) q = q.where("project_id", "=", s.projectId);
  return q.executeTakeFirst();
};

/**
 * The locations one level below `parentId` (null: the top level of the project, or of every
 * project), with their project's name, in the tree's order, and whether each has children.
 */
export async function findChildLocations(db: Q, s: Scope, parentId: string | null) {
  let q = db
    .selectFrom("locations as l")
    .innerJoin("projects as p", "p.id", "l.project_id")
    .select((eb) => [
      "l.id",
      "l.path",
      "l.project_id",
      "p.name as project_name",
      eb.exists(eb.selectFrom("locations as c").select("c.id").whereRef("c.parent_id", "=", "l.id")).as("has_children"),
    ])
    .where("l.workspace_id", "=", s.workspaceId);
  if (s.projectId !== undefined) q = q.where("l.project_id", "=", s.projectId);
  q = parentId === null ? q.where("l.parent_id", "is", null) : q.where("l.parent_id", "=", parentId);
  return q.orderBy("p.name").orderBy("l.position").orderBy("l.path").execute();
}

/** Every location under the given ones (each its own descendant), for rolling counts up a subtree. */
export const findSubtrees = (db: Q, ancestorIds: readonly string[]) =>
  ancestorIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("location_closure")
        .select(["ancestor_id", "descendant_id"])
        .where("ancestor_id", "in", [...ancestorIds])
        .execute();
