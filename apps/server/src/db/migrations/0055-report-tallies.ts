import { type Kysely, PostgresAdapter, sql } from "kysely";
import { pgReindexAll } from "./0051-global-search";

// The overview's figures kept by triggers (issue 37, decision 0086). `report_tallies` holds, per
// workspace and project, counts of reports by what the overview groups them by and the day that
// decides where they fall as the clock moves:
//   status      every report, by status (a project's status counts)
//   opened      every report, by the day it was made (opened per week)
//   resolved    resolved or closed reports, by the day they were resolved (closed per week)
//   age         open reports, by priority and the day they were made (ageing)
//   trade       open reports, by trade and due day (-1: none) (open, overdue, due soon per trade)
//   assignee    open reports, by assignee ('m:' member / 'c:' contact) and due day
//   location    open reports, by location and due day
//   resolve_time  resolved reports by assignee and day resolved: n, and secs from assignment
//   rejections  reports holding a rejection, by assignee: n is the rejections
// The overview sums a few thousand of these rows instead of reading every open report; the day a
// bucket's edge falls in (moments, not days) is read from the reports themselves. Triggers on both
// databases, in the same statement as every insert, update and delete (the sync, bulk changes, the
// Trash, cascades), as the status counts of 0006 and the tree version of 0047.
// Also, on PostgreSQL, the search documents' lexemes get their workspace's tag (SEARCH_PG below) and
// every document is written again.

/** An open report: open or in progress. */
const OPEN = (r: string) => `${r}.status in ('open', 'in-progress')`;
const DAY = (col: string) => `cast(${col} / 86400 as integer)`;
const ASSIGNEE = (r: string) =>
  `case when ${r}.assigned_to is not null then 'm:' || ${r}.assigned_to
    when ${r}.assigned_contact_id is not null then 'c:' || ${r}.assigned_contact_id else '' end`;
const DUE_DAY = (r: string) => `coalesce(${DAY(`${r}.due_date`)}, -1)`;

/**
 * The tally rows one report adds (`sign` 1) or takes away (-1): `r` is `new`, `old` or the alias of
 * `from` (a rebuild). Dialect-neutral SQL; the same text in the triggers and in a rebuild.
 */
export function tallyRows(r: string, sign: 1 | -1, from?: { table: string; where: string }): string {
  const part = (kind: string, key: string, day: string, where: string | null, n = String(sign), secs = "0") => {
    const conditions = [from?.where, where].filter((c) => c).map((c) => `(${c})`);
    return `select ${r}.workspace_id as workspace_id, ${r}.project_id as project_id, cast('${kind}' as text) as kind,
      cast(${key} as text) as key, cast(${day} as integer) as day, cast(${n} as bigint) as n,
      cast(${secs} as bigint) as secs${from ? ` from ${from.table}` : ""}${conditions.length ? ` where ${conditions.join(" and ")}` : ""}`;
  };
  const assigned = `(${r}.assigned_to is not null or ${r}.assigned_contact_id is not null)`;
  return [
    part("status", `${r}.status`, "0", null),
    part("opened", "''", DAY(`${r}.created_at`), null),
    part("resolved", "''", DAY(`${r}.resolved_at`), `${r}.resolved_at is not null`),
    part("age", `${r}.priority`, DAY(`${r}.created_at`), OPEN(r)),
    part("trade", `${r}.category`, DUE_DAY(r), OPEN(r)),
    part("assignee", ASSIGNEE(r), DUE_DAY(r), `${OPEN(r)} and ${assigned}`),
    part("location", `${r}.location_id`, DUE_DAY(r), `${OPEN(r)} and ${r}.location_id is not null`),
    part(
      "resolve_time",
      ASSIGNEE(r),
      DAY(`${r}.resolved_at`),
      `${r}.resolved_at is not null and ${r}.assigned_at is not null and ${r}.resolved_at >= ${r}.assigned_at and ${assigned}`,
      String(sign),
      `${sign} * (${r}.resolved_at - ${r}.assigned_at)`,
    ),
    part("rejections", ASSIGNEE(r), "0", `${r}.rejection_count > 0 and ${assigned}`, `${sign} * ${r}.rejection_count`),
  ].join("\n    union all ");
}

const COLUMNS = "workspace_id, project_id, kind, key, day";

/** Adds the rows of a union of `tallyRows` to the tallies (rows that cancel out write nothing). */
export const applyTallies = (rows: string) =>
  `insert into report_tallies (${COLUMNS}, n, secs)
    select ${COLUMNS}, sum(n), sum(secs) from (${rows}) t where true
    group by ${COLUMNS} having sum(n) <> 0 or sum(secs) <> 0
    on conflict (${COLUMNS}) do update set n = report_tallies.n + excluded.n, secs = report_tallies.secs + excluded.secs`;

/** What the triggers would have written for the reports `where` picks (bulk loads, this migration). */
export const rebuildTallies = (where: string) =>
  applyTallies(tallyRows("r", 1, { table: "snagging_reports r", where }));

/** The columns whose change moves a tally: an update of anything else does not fire the trigger. */
const WATCHED = [
  "workspace_id",
  "project_id",
  "status",
  "priority",
  "category",
  "assigned_to",
  "assigned_contact_id",
  "location_id",
  "due_date",
  "created_at",
  "resolved_at",
  "assigned_at",
  "rejection_count",
];

const PG = [
  // The same rebuild for bulk loads that suspend the triggers (bench:scale, bench:analytics,
  // bench:locations): adds the tallies of one project's reports, of one workspace's, or of all.
  sql.raw(`create function report_tallies_rebuild(ws text, project text default null) returns void
    language plpgsql as $$
    begin
      if project is not null then
        ${rebuildTallies("r.project_id = project")};
      elsif ws is not null then
        ${rebuildTallies("r.workspace_id = ws")};
      else
        ${rebuildTallies("true")};
      end if;
    end $$`),
  sql.raw(`create function report_tallies_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${applyTallies(tallyRows("new", 1))};
      elsif tg_op = 'DELETE' then
        ${applyTallies(tallyRows("old", -1))};
      else
        ${applyTallies(`${tallyRows("old", -1)} union all ${tallyRows("new", 1)}`)};
      end if;
      return null;
    end $$`),
  sql.raw(`create trigger snagging_reports_tallies after insert or delete on snagging_reports
    for each row execute function report_tallies_apply()`),
  sql.raw(`create trigger snagging_reports_tallies_update after update of ${WATCHED.join(", ")} on snagging_reports
    for each row when ((${WATCHED.map((c) => `old.${c}`).join(", ")}) is distinct from (${WATCHED.map((c) => `new.${c}`).join(", ")}))
    execute function report_tallies_apply()`),
];

const SQLITE = [
  sql.raw(`create trigger snagging_reports_tallies_insert after insert on snagging_reports begin
    ${applyTallies(tallyRows("new", 1))}; end`),
  sql.raw(`create trigger snagging_reports_tallies_delete after delete on snagging_reports begin
    ${applyTallies(tallyRows("old", -1))}; end`),
  sql.raw(`create trigger snagging_reports_tallies_update after update of ${WATCHED.join(", ")} on snagging_reports
    when ${WATCHED.map((c) => `old.${c} is not new.${c}`).join(" or ")} begin
    ${applyTallies(`${tallyRows("old", -1)} union all ${tallyRows("new", 1)}`)}; end`),
];

// The search box on PostgreSQL (issue 39, decision 0086): every lexeme of a document starts with
// its workspace's tag ('w' and 7 hex digits of the id's md5), so a word's prefix (`'<tag>crack':*`)
// reaches only that workspace's entries of the GIN index. Before, a prefix was matched against
// every workspace's words (`'snag':*` is every report of the 1M-report database) and intersected
// with the workspace's own lexeme after: 20–70 ms of index scan for any query at that size, for a
// small workspace as for a large one. The tag only narrows; `workspace_id =` still decides.
export const SEARCH_PG = [
  `create function search_tag(workspace text) returns text language sql immutable parallel safe as $f$
    select 'w' || substr(md5(workspace), 1, 7)
  $f$`,
  // The folded text is words (letters and digits) between single spaces: each gets the tag.
  `create or replace function search_doc(workspace text, head text, body text) returns tsvector
    language sql stable parallel safe as $f$
    select setweight(to_tsvector('simple', regexp_replace(search_fold(coalesce(head, '')), '([^ ]+)', search_tag(workspace) || '\\1', 'g')), 'A')
      || setweight(to_tsvector('simple', regexp_replace(search_fold(coalesce(body, '')), '([^ ]+)', search_tag(workspace) || '\\1', 'g')), 'B')
  $f$`,
  // A search's words (letters and digits only, shared/search-words.ts), each a prefix, all required.
  `create function search_query(workspace text, words text[]) returns tsquery language sql immutable parallel safe as $f$
    select to_tsquery('simple', string_agg('''' || search_tag(workspace) || w || ''':*', ' & '))
    from unnest(words) w
  $f$`,
];

const SEARCH_PG_DOWN = [
  "drop function if exists search_query(text, text[])",
  `create or replace function search_doc(workspace text, head text, body text) returns tsvector
    language sql stable parallel safe as $f$
    select setweight(array_to_tsvector(array['#' || workspace]), 'D')
      || setweight(to_tsvector('simple', search_fold(coalesce(head, ''))), 'A')
      || setweight(to_tsvector('simple', search_fold(coalesce(body, ''))), 'B')
  $f$`,
  "drop function if exists search_tag(text)",
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("report_tallies")
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("project_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("day", "integer", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("secs", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("report_tallies_pk", ["workspace_id", "kind", "project_id", "key", "day"])
    .execute();
  // The reports due on the day "now" falls in (and 7 days on): the overdue and due-soon edges.
  await db.schema
    .createIndex("snagging_reports_open_due_idx")
    .on("snagging_reports")
    .columns(["workspace_id", "due_date"])
    .where(sql.ref("status"), "in", ["open", "in-progress"])
    .execute();
  for (const statement of isPostgres(db) ? PG : SQLITE) await statement.execute(db);
  // The reports already there; the triggers keep the rest (made in the same transaction).
  if (isPostgres(db)) await sql`select report_tallies_rebuild(null)`.execute(db);
  else await sql.raw(rebuildTallies("true")).execute(db);
  if (isPostgres(db)) for (const statement of [...SEARCH_PG, ...pgReindexAll()]) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const statement of [...SEARCH_PG_DOWN, ...pgReindexAll()]) await sql.raw(statement).execute(db);
    await sql`drop trigger if exists snagging_reports_tallies on snagging_reports`.execute(db);
    await sql`drop trigger if exists snagging_reports_tallies_update on snagging_reports`.execute(db);
    await sql`drop function if exists report_tallies_apply()`.execute(db);
    await sql`drop function if exists report_tallies_rebuild(text, text)`.execute(db);
  } else {
    for (const name of ["insert", "delete", "update"])
      await sql.raw(`drop trigger if exists snagging_reports_tallies_${name}`).execute(db);
  }
  await db.schema.dropIndex("snagging_reports_open_due_idx").execute();
  await db.schema.dropTable("report_tallies").execute();
}
