import {
  AGE_RANGES,
  type AgeingBucket,
  DAY_SECONDS,
  DUE_SOON_DAYS,
  type DueFilter,
} from "@sitesnag/shared/analytics-filters";
import type { CursorKey } from "@sitesnag/shared/pagination";
import { reportSearchText, searchWords } from "@sitesnag/shared/search";
import { type Kysely, PostgresAdapter, type RawBuilder, sql, type Transaction } from "kysely";
import { afterCursor, likeWord } from "../db/keyset";
import { preparedQuery } from "../db/prepared";
import type { AttachmentRow, Database, IdempotencyKeysTable, ReportRow } from "../db/schema";
import { nowSeconds } from "../time";

type Q = Kysely<Database> | Transaction<Database>;

/** Reports of one workspace with their project, assignee and author names joined in. */
export function selectReports(db: Q, workspaceId: string) {
  return db
    .selectFrom("snagging_reports as r")
    .innerJoin("projects as p", "p.id", "r.project_id")
    .leftJoin("users as a", "a.id", "r.assigned_to")
    .leftJoin("workspace_contacts as k", "k.id", "r.assigned_contact_id")
    .leftJoin("users as c", "c.id", "r.created_by")
    .leftJoin("locations as l", "l.id", "r.location_id")
    .selectAll("r")
    .select([
      "l.path as location_path",
      "p.name as project_name",
      "p.client_name as project_client_name",
      "p.require_evidence_to_close as project_require_evidence",
      "p.verified_closing as project_verified_closing",
      "a.first_name as assignee_first_name",
      "a.last_name as assignee_last_name",
      "k.name as contact_name",
      "k.company as contact_company",
      "c.first_name as author_first_name",
      "c.last_name as author_last_name",
    ])
    .where("r.workspace_id", "=", workspaceId);
}

export type ReportWithNames = Awaited<ReturnType<ReturnType<typeof selectReports>["executeTakeFirstOrThrow"]>>;

export const findReportWithNames = (db: Q, workspaceId: string, id: string): Promise<ReportWithNames | undefined> =>
  selectReports(db, workspaceId).where("r.id", "=", id).executeTakeFirst();

export const findReport = (db: Q, workspaceId: string, id: string): Promise<ReportRow | undefined> =>
  db
    .selectFrom("snagging_reports")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

/**
 * The report inside a change's transaction, locked on PostgreSQL until the commit so two edits of one
 * report take turns (SQLite runs one write transaction at a time anyway): each sees the other's version.
 */
export const lockReport = (trx: Transaction<Database>, workspaceId: string, id: string) => {
  const q = trx.selectFrom("snagging_reports").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id);
  return (trx.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate() : q).executeTakeFirst();
};

/** Attachments of the given reports, in upload order. */
export const findAttachments = (db: Q, reportIds: readonly string[]): Promise<AttachmentRow[]> =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("attachments")
        .selectAll()
        .where("report_id", "in", reportIds)
        .orderBy("report_id")
        .orderBy("position")
        .execute();

/** The list filters, applied in SQL: each has an index leading with (workspace_id, …, created_at, id). */
export type ReportFilters = {
  status?: ReportRow["status"] | undefined;
  priority?: ReportRow["priority"] | undefined;
  projectId?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
  /** A member's or a contact's id, or `unassigned` (issue 27). */
  assignedTo?: string | undefined;
  /** Issue 36: reports at this location or anywhere under it. */
  locationId?: string | undefined;
  /** Issue 23's "Waiting for me": the caller, and whether they own the workspace. */
  waitingFor?: { userId: string; isOwner: boolean } | undefined;
  /** Issue 37, the overview's links: open or in progress; past due or due soon; by age. */
  unresolved?: "1" | undefined;
  due?: DueFilter | undefined;
  age?: AgeingBucket | undefined;
  /** The weekly chart's bars: made, or resolved (and not reopened), in the 7 days from this day. */
  openedWeek?: string | undefined;
  closedWeek?: string | undefined;
};

/** Whether any of issue 37's filters is set. */
export const hasInsightFilter = (f: ReportFilters) =>
  Boolean(f.unresolved || f.due || f.age || f.openedWeek || f.closedWeek);
/** Issue 37's filters that mean open or in progress. */
const opensOnly = (f: ReportFilters) => Boolean(f.unresolved || f.due || f.age);
const WEEK = 7 * DAY_SECONDS;
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Issue 37's filters: the same open reports, due dates, age buckets and weeks the overview counts
 * (a week's closed bar counts reports resolved in it that are still resolved or closed).
 */
// biome-ignore lint/suspicious/noExplicitAny: applies to any builder over "snagging_reports as r"
function whereInsightFilters<QB extends { where: (...args: any[]) => QB }>(q: QB, filters: ReportFilters): QB {
  let out = q;
  if (filters.openedWeek) {
    const from = startOfDay(filters.openedWeek);
    out = out.where(sql<boolean>`r.created_at >= ${from} and r.created_at < ${from + WEEK}`);
  }
  if (filters.closedWeek) {
    const from = startOfDay(filters.closedWeek);
    out = out.where(sql<boolean>`r.resolved_at >= ${from} and r.resolved_at < ${from + WEEK}`);
  }
  if (!opensOnly(filters)) return out;
  const now = nowSeconds();
  out = out.where(sql<boolean>`r.status in ('open', 'in-progress')`);
  if (filters.due === "overdue") out = out.where(sql<boolean>`r.due_date < ${now}`);
  if (filters.due === "soon")
    out = out.where(sql<boolean>`r.due_date >= ${now} and r.due_date < ${now + DUE_SOON_DAYS * DAY_SECONDS}`);
  if (filters.age) {
    const [newest, oldest] = AGE_RANGES[filters.age];
    // As the overview buckets them: younger than the bucket's upper edge, not younger than its lower.
    if (oldest !== null) out = out.where(sql<boolean>`r.created_at > ${now - oldest * DAY_SECONDS}`);
    if (newest > 0) out = out.where(sql<boolean>`r.created_at <= ${now - newest * DAY_SECONDS}`);
  }
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: applies to any builder over "snagging_reports as r"
export function whereReportFilters<QB extends { where: (...args: any[]) => QB }>(q: QB, filters: ReportFilters): QB {
  let out = q;
  if (filters.status) out = out.where("r.status", "=", filters.status);
  if (filters.priority) out = out.where("r.priority", "=", filters.priority);
  if (filters.projectId) out = out.where("r.project_id", "=", filters.projectId);
  if (filters.category) out = out.where("r.category", "=", filters.category);
  if (filters.locationId) {
    // The closure table's (ancestor_id, descendant_id) key lists the branch; reports by their location index.
    const under = filters.locationId;
    out = out.where(
      sql<boolean>`r.location_id in (select descendant_id from location_closure where ancestor_id = ${under})`,
    );
  }
  if (filters.assignedTo === "unassigned")
    out = out.where("r.assigned_to", "is", null).where("r.assigned_contact_id", "is", null);
  else if (filters.assignedTo) {
    const id = filters.assignedTo;
    out = out.where(sql<boolean>`(r.assigned_to = ${id} or r.assigned_contact_id = ${id})`);
  }
  if (filters.waitingFor) {
    const { userId, isOwner } = filters.waitingFor;
    // Mine to fix, or resolved on a verified-closing project and mine to verify (shared/workflow.ts).
    out = out.where(
      sql<boolean>`((r.assigned_to = ${userId} and r.status in ('open', 'in-progress')) or (r.status = 'resolved'
        and r.project_id in (select id from projects where verified_closing = 1)
        and (r.created_by = ${userId} or ${isOwner ? sql`1 = 1` : sql`1 = 0`})))`,
    );
  }
  out = whereInsightFilters(out, filters);
  // search_text is folded as the browser folds (shared/search.ts), so the words are folded too; on
  // PostgreSQL a trigram index serves these LIKEs (migration 0007).
  for (const word of searchWords(filters.search)) {
    out = out.where(sql<boolean>`r.search_text like ${likeWord(word)} escape '\\'`);
  }
  return out;
}

/** One page of reports, newest first, `size + 1` rows (the extra one says a next page exists). */
const newestFirst = <QB extends ReturnType<typeof selectReports>>(q: QB) =>
  q.orderBy("r.created_at", "desc").orderBy("r.id", "desc");

// The snagging screen's default request (no filter, first page or the whole capped list) is the
// most frequent list read after projects: compiled once outside a transaction.
const unfilteredReports = preparedQuery((db, p: { workspaceId: string; limit: number }) =>
  newestFirst(selectReports(db, p.workspaceId)).limit(p.limit),
);

export async function findReportsPage(
  db: Q,
  workspaceId: string,
  filters: ReportFilters,
  after: CursorKey | undefined,
  size: number,
): Promise<ReportWithNames[]> {
  const isUnfiltered =
    !filters.status &&
    !filters.priority &&
    !filters.category &&
    !filters.projectId &&
    !filters.locationId &&
    !filters.assignedTo &&
    !filters.waitingFor &&
    !hasInsightFilter(filters) &&
    searchWords(filters.search).length === 0;
  if (isUnfiltered && !after && !db.isTransaction) {
    return unfilteredReports(db as Kysely<Database>, { workspaceId, limit: size + 1 });
  }
  const branch =
    filters.locationId &&
    isLocationOnly(filters) &&
    db.getExecutor().adapter instanceof PostgresAdapter &&
    (await countBranch(db, filters.locationId)) <= LATERAL_MAX_LOCATIONS
      ? filters.locationId
      : undefined;
  let q = whereReportFilters(selectReports(db, workspaceId), branch ? { ...filters, locationId: undefined } : filters);
  if (after) q = q.where(afterCursor("r.created_at", "r.id", after));
  if (branch) q = q.where(newestUnderLocation(branch, after, size + 1));
  return newestFirst(q)
    .limit(size + 1)
    .execute();
}

/**
 * Up to this many locations in a branch, its first page is read location by location (below);
 * past it the plain IN form wins (measured in bench:locations: a floor of 261 locations of ~20
 * reports each read 5,000 index entries and ids that way, slower than reading the rows once).
 */
const LATERAL_MAX_LOCATIONS = 64;

const countBranch = async (db: Q, locationId: string): Promise<number> => {
  const row = await db
    .selectFrom("location_closure")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("ancestor_id", "=", locationId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

const isLocationOnly = (f: ReportFilters) =>
  !f.status &&
  !f.priority &&
  !f.assignedTo &&
  !f.waitingFor &&
  !hasInsightFilter(f) &&
  searchWords(f.search).length === 0;

/**
 * The first page under a floor without reading every report under it (PostgreSQL): each location
 * of the branch gives at most a page of its newest reports from its (location_id, created_at, id)
 * index, and the page is the newest of those. A floor of 8 rooms of 2,000 reports reads 8 × 51
 * index entries instead of 16,000 rows and a sort. Only with no other filter, which could reject
 * those and need older ones.
 */
// The inner scan is index-only (no workspace column): the outer query keeps to the workspace.
const newestUnderLocation = (locationId: string, after: CursorKey | undefined, n: number) =>
  sql<boolean>`r.id in (select x.id from location_closure c cross join lateral (
    select s.id from snagging_reports s where s.location_id = c.descendant_id
    ${after ? sql`and ${afterCursor("s.created_at", "s.id", after)}` : sql``}
    order by s.created_at desc, s.id desc limit ${n}) x where c.ancestor_id = ${locationId})`;

/**
 * Reports per status matching the filters: without filters from the trigger-kept counts (four rows
 * whatever the workspace's size), else one grouped query over the workspace's status index.
 */
export async function countReportsByStatus(db: Q, workspaceId: string, filters: ReportFilters) {
  if (
    !filters.priority &&
    !filters.category &&
    !filters.projectId &&
    !filters.locationId &&
    !filters.assignedTo &&
    !filters.waitingFor &&
    !hasInsightFilter(filters) &&
    searchWords(filters.search).length === 0
  ) {
    const kept = await db
      .selectFrom("report_status_counts")
      .select(["status", "n"])
      .where("workspace_id", "=", workspaceId)
      .execute();
    return kept.map((r) => ({ status: r.status, n: Number(r.n) }));
  }
  const rows = await whereReportFilters(
    db.selectFrom("snagging_reports as r").where("r.workspace_id", "=", workspaceId),
    { ...filters, status: undefined },
  )
    .select(["r.status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("r.status")
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

export const isTitleTaken = async (db: Q, workspaceId: string, title: string): Promise<boolean> =>
  (await db
    .selectFrom("snagging_reports")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("title", "=", title)
    .executeTakeFirst()) !== undefined;

/** A report row as stored: with `search_text`, its title and description folded for search. */
export const withSearchText = <R extends { title: string; description: string }>(row: R) => ({
  ...row,
  search_text: reportSearchText(row.title, row.description),
});

/** A new report: its pin (migration 0012) may be left out; version and rejections start at 0. */
type NewReportRow = Omit<
  ReportRow,
  | "sheet_id"
  | "pin_x"
  | "pin_y"
  | "assigned_contact_id"
  | "location_id"
  | "version"
  | "rejection_count"
  | "resolved_at"
  | "assigned_at"
  | "bcf_guid"
> &
  Partial<Pick<ReportRow, "sheet_id" | "pin_x" | "pin_y" | "assigned_contact_id" | "location_id" | "bcf_guid">>;

const isDone = (status: ReportRow["status"]) => status === "resolved" || status === "closed";

/** A new report's milestones (migration 0037): resolved and assigned when it was made, if it was. */
export const withMilestones = <T extends NewReportRow>(row: T) => ({
  ...row,
  resolved_at: isDone(row.status) ? row.updated_at : null,
  assigned_at: (row.assigned_to ?? row.assigned_contact_id ?? null) === null ? null : row.created_at,
});

export async function insertReport(db: Q, row: NewReportRow): Promise<void> {
  await db
    .insertInto("snagging_reports")
    .values(withSearchText(withMilestones(row)))
    .execute();
}

/**
 * The milestones a change moves (migration 0037, decision 0062): resolving keeps the first moment of
 * a run of resolved/closed (closing a resolved report keeps it), reopening clears it; a new assignee
 * restarts the clock, the same one kept does not. SET reads the row's values before the change.
 */
function milestoneChanges(changes: Partial<ReportRow>, now: number) {
  const out: { resolved_at?: RawBuilder<number | null>; assigned_at?: RawBuilder<number | null> } = {};
  if (changes.status !== undefined)
    out.resolved_at = isDone(changes.status) ? sql`coalesce(resolved_at, ${now})` : sql`null`;
  if (changes.assigned_to !== undefined || changes.assigned_contact_id !== undefined) {
    const member = changes.assigned_to !== undefined ? sql`${changes.assigned_to}` : sql`assigned_to`;
    const contact =
      changes.assigned_contact_id !== undefined ? sql`${changes.assigned_contact_id}` : sql`assigned_contact_id`;
    out.assigned_at = sql`case when coalesce(${member}, ${contact}) is null then null
      when coalesce(${member}, ${contact}) = coalesce(assigned_to, assigned_contact_id) then assigned_at
      else ${now} end`;
  }
  return out;
}

export async function insertAttachments(db: Q, rows: readonly AttachmentRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("attachments")
      .values([...rows])
      .execute();
}

export async function updateReport(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Partial<
    Omit<ReportRow, "id" | "workspace_id" | "title" | "project_id" | "created_at" | "created_by" | "version">
  >,
): Promise<void> {
  // A new description changes what the report is found by; the title never changes.
  const title =
    changes.description === undefined
      ? undefined
      : (
          await db
            .selectFrom("snagging_reports")
            .select("title")
            .where("workspace_id", "=", workspaceId)
            .where("id", "=", id)
            .executeTakeFirst()
        )?.title;
  await db
    .updateTable("snagging_reports")
    .set(
      title !== undefined && changes.description !== undefined
        ? { ...changes, search_text: reportSearchText(title, changes.description) }
        : changes,
    )
    .set(milestoneChanges(changes, changes.updated_at ?? nowSeconds()))
    // Every change makes a new version: an edit names the one it was made on (activity/activity.merge.ts).
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .execute();
}

export async function deleteAttachments(db: Q, reportId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db.deleteFrom("attachments").where("report_id", "=", reportId).where("id", "in", ids).execute();
}

/** Removes a report with its attachment and idempotency rows; the caller removes the files after commit. */
export async function deleteReportRows(db: Q, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("report_id", "=", id).execute();
  await db.deleteFrom("attachments").where("report_id", "=", id).execute();
  await db.deleteFrom("snagging_reports").where("workspace_id", "=", workspaceId).where("id", "=", id).execute();
}

export const findIdempotencyKey = (db: Q, userId: string, key: string) =>
  db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();

export async function insertIdempotencyKey(db: Q, row: IdempotencyKeysTable): Promise<void> {
  await db.insertInto("idempotency_keys").values(row).execute();
}

/** Photo count of each given report (a bounded batch), in one grouped query. */
export const countAttachments = (db: Q, reportIds: readonly string[]) =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("attachments")
        .select(["report_id", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("report_id", "in", reportIds)
        .groupBy("report_id")
        .execute();
