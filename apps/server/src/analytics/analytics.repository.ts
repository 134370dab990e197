// The overview's queries (issue 37, decisions 0062 and 0086). The figures are sums of the tallies
// the triggers of migration 0055 keep per project, kind, key and day, so a call reads a few
// thousand tally rows whatever the workspace's size; only the reports made or due on the day an
// edge falls in (a moment, not a day) are read themselves, through the (workspace, created_at) and
// the open reports' (workspace, due_date) indexes. Dialect-neutral SQL: a moment's week is its
// seconds (shifted to Mondays) divided by a week's, truncated (SQLite binds numbers as REAL, so the
// cast) — its Monday-to-Sunday week in UTC.
import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
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

export type OpenGroups = { age: OpenGroup[]; trade: OpenGroup[]; assignee: OpenGroup[]; location: OpenGroup[] };

const DAY_SECONDS = 86_400;
/** The day (since 1970, UTC) a moment falls in: as the tallies' triggers count it (migration 0055). */
export const dayNumber = (epoch: number) => Math.trunc(epoch / DAY_SECONDS);

const inTallies = (s: Scope): RawBuilder<boolean> =>
  s.projectId === undefined
    ? sql<boolean>`t.workspace_id = ${s.workspaceId}`
    : sql<boolean>`t.workspace_id = ${s.workspaceId} and t.project_id = ${s.projectId}`;
/** Within a day, as a range of moments. */
const onDays = (column: string, days: readonly number[]) =>
  sql.join(
    days.map((d) => sql`(${sql.ref(column)} >= ${d * DAY_SECONDS} and ${sql.ref(column)} < ${(d + 1) * DAY_SECONDS})`),
    sql` or `,
  );
const fromAssigneeKey = (key: string) => ({
  assigned_to: key.startsWith("m:") ? key.slice(2) : null,
  assigned_contact_id: key.startsWith("c:") ? key.slice(2) : null,
});

/**
 * The open reports counted by age bucket and priority, and by trade, assignee and location with
 * whether overdue or due soon (decision 0086). From the tallies for every whole day; the days an
 * edge falls in (an age bucket's, now's and the due-soon window's end: moments, not days) are left
 * out of the tallies and read from the open reports made or due on them, through their indexes.
 * So the cost follows the days and groups held, not the reports.
 */
export async function groupOpenReportsAll(
  db: Q,
  s: Scope,
  now: number,
  soonUntil: number,
  ageEdges: readonly number[],
): Promise<OpenGroups> {
  const [a = 0, b = 0, c = 0] = ageEdges;
  const edgeDays = [dayNumber(a), dayNumber(b), dayNumber(c)];
  const [e0, e1, e2] = edgeDays;
  const today = dayNumber(now);
  const soonDay = dayNumber(soonUntil);
  const dueDays = [...new Set([today, soonDay])];
  const [tallies, made, due] = await Promise.all([
    sql<{ kind: string; key: string; bucket: number | string | null; due: number | string | null; n: number | string }>`
      select t.kind, t.key,
        case when t.kind = 'age' then
          case when t.day > ${e0} then 0 when t.day > ${e1} then 1 when t.day > ${e2} then 2 else 3 end end as bucket,
        case when t.kind = 'age' or t.day = -1 then 0 when t.day < ${today} then 1 when t.day < ${soonDay} then 2
          else 0 end as due,
        sum(t.n) as n
      from report_tallies t
      where ${inTallies(s)} and t.kind in ('age', 'trade', 'assignee', 'location')
        and case when t.kind = 'age' then t.day not in (${sql.join(edgeDays)}) else t.day not in (${sql.join(dueDays)}) end
      group by t.kind, t.key, bucket, due
      having sum(t.n) <> 0`.execute(db),
    sql<{ priority: string; bucket: number | string; n: number | string }>`
      select r.priority,
        case when r.created_at > ${a} then 0 when r.created_at > ${b} then 1 when r.created_at > ${c} then 2
          else 3 end as bucket,
        count(*) as n
      from snagging_reports r where ${inScope(s)} and ${isOpen} and (${onDays("r.created_at", edgeDays)})
      group by r.priority, bucket`.execute(db),
    sql<{
      category: string;
      assigned_to: string | null;
      assigned_contact_id: string | null;
      location_id: string | null;
      due: number | string;
      n: number | string;
    }>`
      select r.category, r.assigned_to, r.assigned_contact_id, r.location_id,
        case when r.due_date < ${now} then 1 when r.due_date < ${soonUntil} then 2 else 0 end as due,
        count(*) as n
      from snagging_reports r where ${inScope(s)} and ${isOpen} and (${onDays("r.due_date", dueDays)})
      group by r.category, r.assigned_to, r.assigned_contact_id, r.location_id, due`.execute(db),
  ]);
  const out: OpenGroups = { age: [], trade: [], assignee: [], location: [] };
  for (const r of tallies.rows) {
    const n = num(r.n);
    const dueState = num(r.due);
    if (r.kind === "age") out.age.push({ priority: r.key, bucket: num(r.bucket), due: 0, n });
    else if (r.kind === "trade") out.trade.push({ category: r.key, due: dueState, n });
    else if (r.kind === "assignee") out.assignee.push({ ...fromAssigneeKey(r.key), due: dueState, n });
    else out.location.push({ location_id: r.key, due: dueState, n });
  }
  for (const r of made.rows) out.age.push({ priority: r.priority, bucket: num(r.bucket), due: 0, n: num(r.n) });
  for (const r of due.rows) {
    const base = { due: num(r.due), n: num(r.n) };
    out.trade.push({ category: r.category, ...base });
    if (r.assigned_to !== null || r.assigned_contact_id !== null)
      out.assignee.push({ assigned_to: r.assigned_to, assigned_contact_id: r.assigned_contact_id, ...base });
    if (r.location_id !== null) out.location.push({ location_id: r.location_id, ...base });
  }
  return out;
}

/** A project's reports by status, from the tallies (the workspace's come from report_status_counts). */
export async function countProjectStatuses(db: Q, s: Scope) {
  const { rows } = await sql<{ key: string; n: number | string }>`
    select t.key, sum(t.n) as n from report_tallies t where ${inTallies(s)} and t.kind = 'status'
    group by t.key`.execute(db);
  return rows.map((r) => ({ status: r.key, n: num(r.n) }));
}

/**
 * Reports made (`opened`, by created_at) or resolved (`resolved`, by resolved_at, still resolved or
 * closed) per week from `since` on, and how many from `recentSince` on. Whole days from the
 * tallies; the part of since's and recentSince's days before them (moments) read from the reports
 * and taken away.
 */
async function countPerWeek(db: Q, s: Scope, kind: "opened" | "resolved", since: number, recentSince: number) {
  const column = kind === "opened" ? "r.created_at" : "r.resolved_at";
  const col = sql.ref(column);
  const sinceDay = dayNumber(since);
  const recentDay = dayNumber(recentSince);
  const week = (moment: RawBuilder<unknown>) => sql`cast((${moment} + ${MONDAY_SHIFT}) / ${WEEK_SECONDS} as integer)`;
  const [tallies, before] = await Promise.all([
    sql<{ week: number | string; n: number | string; recent: number | string }>`
      select ${week(sql`cast(t.day as bigint) * ${DAY_SECONDS}`)} as week, sum(t.n) as n,
        sum(case when t.day >= ${recentDay} then t.n else 0 end) as recent
      from report_tallies t where ${inTallies(s)} and t.kind = ${kind} and t.day >= ${sinceDay}
      group by week`.execute(db),
    sql<{ week: number | string; n: number | string; recent: number | string }>`
      select ${week(col)} as week,
        sum(case when ${col} >= ${sinceDay * DAY_SECONDS} and ${col} < ${since} then 1 else 0 end) as n,
        sum(case when ${col} >= ${recentDay * DAY_SECONDS} and ${col} < ${recentSince} then 1 else 0 end) as recent
      from snagging_reports r where ${inScope(s)}
        and ((${col} >= ${sinceDay * DAY_SECONDS} and ${col} < ${since})
          or (${col} >= ${recentDay * DAY_SECONDS} and ${col} < ${recentSince}))
      group by week`.execute(db),
  ]);
  const weeks = new Map<number, { week: number; n: number; recent: number }>();
  for (const r of tallies.rows) weeks.set(num(r.week), { week: num(r.week), n: num(r.n), recent: num(r.recent) });
  for (const r of before.rows) {
    const w = weeks.get(num(r.week));
    if (w) {
      w.n -= num(r.n);
      w.recent -= num(r.recent);
    }
  }
  return [...weeks.values()].filter((w) => w.n !== 0 || w.recent !== 0);
}

/** Reports made per week from `since` on, and how many of them in the last `recentSince` window. */
export const countOpenedPerWeek = (db: Q, s: Scope, since: number, recentSince: number) =>
  countPerWeek(db, s, "opened", since, recentSince);

/** Reports resolved (and still resolved or closed) per week from `since` on. */
export const countResolvedPerWeek = (db: Q, s: Scope, since: number, recentSince: number) =>
  countPerWeek(db, s, "resolved", since, recentSince);

/** Per assignee: seconds from assignment to resolution summed over reports resolved in [from, to), whole days. */
export async function sumResolveTimes(db: Q, s: Scope, from: number, to: number) {
  const { rows } = await sql<{ key: string; total: number | string; n: number | string }>`
    select t.key, sum(t.secs) as total, sum(t.n) as n from report_tallies t
    where ${inTallies(s)} and t.kind = 'resolve_time' and t.day >= ${dayNumber(from)} and t.day < ${dayNumber(to)}
    group by t.key having sum(t.n) <> 0`.execute(db);
  return rows.map((r) => ({ ...fromAssigneeKey(r.key), total: num(r.total), n: num(r.n) }));
}

/** Per assignee: fixes rejected at verification on the reports they hold now. */
export async function sumRejections(db: Q, s: Scope) {
  const { rows } = await sql<{ key: string; n: number | string }>`
    select t.key, sum(t.n) as n from report_tallies t where ${inTallies(s)} and t.kind = 'rejections'
    group by t.key having sum(t.n) <> 0`.execute(db);
  return rows.map((r) => ({ ...fromAssigneeKey(r.key), n: num(r.n) }));
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
