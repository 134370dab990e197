// bench:analytics (issue 37, decision 0062): the overview's computation on PostgreSQL for a large
// workspace against a 1,000-report one, p50/p99 of `overview()` (the SQL and the roll-up, in
// process: the same function GET /api/analytics/overview and the weekly PDF call). The workspaces
// are made in a fresh schema (the API tests' harness: migrations applied), beside other workspaces
// that make the table 1,000,000 reports as in bench:scale, and filled with bulk SQL:
// 20 assignees, 7 trades, 5 floors × 10 rooms, two years of reports with every status, due dates
// past and future, resolved ones with their times; then VACUUM ANALYZE.
// Targets: p99 <= 150 ms for the large workspace, large/small p99 <= 2.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:analytics [-- --reports 100000 --runs 200]
//   --verify N  seed N reports twice, row by row through the triggers and in bulk, and compare what
//               the triggers keep (status counts, tree_version, search documents); no timing of overview()
//   --others N  reports in other workspaces beside the two (default 900,000: the 1M-report table of
//               bench:scale), 100,000 a workspace
//   --explain   print EXPLAIN (ANALYZE, BUFFERS) of each query of one overview() of the large workspace
import { parseArgs } from "node:util";
import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { overview } from "../apps/server/src/analytics/analytics.service";
import { joinWorkspace } from "../apps/server/test/audit-factories";
import { createProject, signUp } from "../apps/server/test/factories";
import { createTestApp, type TestApp } from "../apps/server/test/harness";

const { values } = parseArgs({
  options: {
    reports: { type: "string", default: "100000" },
    runs: { type: "string", default: "200" },
    verify: { type: "string" },
    explain: { type: "boolean", default: false },
    others: { type: "string", default: "900000" },
  },
});
const LARGE = Number(values.reports);
const SMALL = 1000;
const RUNS = Number(values.runs);
const OTHERS = Math.max(0, Number(values.others));
if (!process.env.TEST_DATABASE_URL) throw new Error("Set TEST_DATABASE_URL (PostgreSQL) for bench:analytics");

type Seed = { workspaceId: string; projectId: string };

/** A workspace of 20 people and a project of 5 floors × 10 rooms, made through the API; no reports yet. */
async function workspace(t: TestApp) {
  const owner = await signUp(t);
  const people = [owner.user.id];
  for (let i = 0; i < 19; i++) people.push((await joinWorkspace(t, owner.accessToken, `P${i}`)).user.id);
  const projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
  const rooms: string[] = [];
  for (let f = 0; f < 5; f++) {
    const floor = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/locations`,
      token: owner.accessToken,
      payload: { name: `Level ${f}` },
    });
    const floorId = (floor.json() as { location: { id: string } }).location.id;
    for (let r = 0; r < 10; r++) {
      const room = await t.request({
        method: "POST",
        url: `/api/projects/${projectId}/locations`,
        token: owner.accessToken,
        payload: { name: `Room ${r}`, parentId: floorId },
      });
      rooms.push((room.json() as { location: { id: string } }).location.id);
    }
  }
  return { workspaceId: owner.user.workspaceId, ownerId: owner.user.id, projectId, people, rooms };
}

/**
 * Two years of reports (deterministic: report g is the same in every workspace); about a third
 * still open or in progress, a quarter of those overdue.
 */
const insertReports = (w: Awaited<ReturnType<typeof workspace>>, reports: number, now: number) =>
  sql`insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category,
      assigned_to, created_by, due_date, location_lat, location_lng, page_url, created_at, updated_at, search_text,
      location_id, resolved_at, assigned_at, rejection_count)
    select gen_random_uuid()::text, ${w.workspaceId}, ${w.projectId}, 'B-' || g, 'Defect ' || g,
      (array['open','in-progress','resolved','closed','closed','closed'])[1 + (g * 7) % 6],
      (array['critical','high','medium','low'])[1 + (g * 3) % 4],
      (array['safety','finish','plumbing','electrical','structural','hvac','other'])[1 + g % 7],
      (${w.people}::text[])[1 + g % 20], ${w.ownerId},
      case when g % 3 = 0 then null else ${now} + ((g % 60) - 15) * 86400 end, null, null, null,
      ${now} - (g * 63072000::bigint / ${reports}), ${now}, 'b-' || g,
      (${w.rooms}::text[])[1 + g % 50],
      case when (1 + (g * 7) % 6) >= 3 then least(${now}, ${now} - (g * 63072000::bigint / ${reports}) + (g % 40) * 86400) end,
      ${now} - (g * 63072000::bigint / ${reports}),
      case when g % 17 = 0 then 1 else 0 end
    from generate_series(1, ${reports}) g`;

/** The user triggers on snagging_reports this seed knows how to stand in for (migrations 0006, 0047, 0051). */
const KNOWN_TRIGGERS = [
  "search_sync_report",
  "snagging_reports_status_counts",
  "snagging_reports_tree_version_delete",
  "snagging_reports_tree_version_insert",
  "snagging_reports_tree_version_update",
];

/**
 * The bulk seed: the reports inserted with snagging_reports' user triggers disabled (foreign keys
 * are system triggers and stay checked), then what the insert triggers would have written, once,
 * set-wise: the kept status counts (0006: +1 per report), the project's tree_version (0047: +1 per
 * report placed at a location) and the search documents (0051: the trigger's own upsert, read from
 * its function's definition, over the workspace's reports instead of `new`). The workspace is new,
 * so its reports are exactly the seeded ones. Fired per row, the triggers made 100,000 reports take
 * about 15 minutes: each one updated the same projects row and re-wrote a search document.
 * `--verify` checks this against the triggers themselves.
 */
async function seedBulk(t: TestApp, w: Awaited<ReturnType<typeof workspace>>, reports: number, now: number) {
  const db = t.ctx.db;
  const { rows: triggers } = await sql<{ tgname: string }>`select tgname from pg_trigger
    where tgrelid = 'snagging_reports'::regclass and not tgisinternal order by tgname`.execute(db);
  const names = triggers.map((r) => r.tgname);
  if (names.join() !== KNOWN_TRIGGERS.join())
    throw new Error(
      `snagging_reports has triggers ${names.join(", ")}; the bulk seed stands in for ${KNOWN_TRIGGERS.join(", ")} only`,
    );
  const { rows: fn } = await sql<{
    def: string;
  }>`select pg_get_functiondef('search_sync_report'::regproc) as def`.execute(db);
  const upsert = /insert into search_documents[\s\S]*?;/i.exec(fn[0]?.def ?? "")?.[0];
  if (!upsert?.includes("x.id = new.id")) throw new Error("search_sync_report's upsert not found in its definition");
  await sql`alter table snagging_reports disable trigger user`.execute(db);
  try {
    await insertReports(w, reports, now).execute(db);
  } finally {
    await sql`alter table snagging_reports enable trigger user`.execute(db);
  }
  await sql`insert into report_status_counts (workspace_id, status, n)
    select workspace_id, status, count(*) from snagging_reports where workspace_id = ${w.workspaceId}
    group by workspace_id, status
    on conflict (workspace_id, status) do update set n = report_status_counts.n + excluded.n`.execute(db);
  await sql`update projects p set tree_version = p.tree_version + c.n
    from (select project_id, count(*) as n from snagging_reports
          where workspace_id = ${w.workspaceId} and location_id is not null group by project_id) c
    where p.id = c.project_id`.execute(db);
  await sql.raw(upsert.replace("x.id = new.id", `x.workspace_id = '${w.workspaceId.replace(/'/g, "''")}'`)).execute(db);
}

/** A workspace with `reports` reports, seeded in bulk; prints how long the reports took. */
async function seeded(t: TestApp, reports: number): Promise<Seed> {
  const w = await workspace(t);
  const started = performance.now();
  await seedBulk(t, w, reports, Math.floor(Date.now() / 1000));
  console.log(
    `  ${reports.toLocaleString("en-GB")} reports in ${((performance.now() - started) / 1000).toFixed(1)} s (bulk, triggers' work redone set-wise)`,
  );
  return w;
}

/**
 * The same reports seeded twice, once row by row through the triggers and once in bulk: the kept
 * status counts, the project's tree_version and every search document (its workspace lexeme
 * aside) must be identical.
 */
async function verify(t: TestApp, reports: number) {
  const now = Math.floor(Date.now() / 1000);
  const a = await workspace(t);
  const b = await workspace(t);
  let started = performance.now();
  await insertReports(a, reports, now).execute(t.ctx.db);
  const slow = performance.now() - started;
  started = performance.now();
  await seedBulk(t, b, reports, now);
  const fast = performance.now() - started;
  const counts = async (w: Seed) =>
    JSON.stringify(
      (
        await sql<{ status: string; n: string }>`select status, n::text from report_status_counts
          where workspace_id = ${w.workspaceId} order by status`.execute(t.ctx.db)
      ).rows,
    );
  const version = async (w: Seed) =>
    (await sql<{ v: string }>`select tree_version::text as v from projects where id = ${w.projectId}`.execute(t.ctx.db))
      .rows[0]?.v;
  const { rows: docs } = await sql<{ a: string; b: string; differ: string }>`
    select (select count(*) from search_documents where workspace_id = ${a.workspaceId} and kind = 'report')::text as a,
      (select count(*) from search_documents where workspace_id = ${b.workspaceId} and kind = 'report')::text as b,
      (select count(*) from snagging_reports ra join snagging_reports rb on rb.workspace_id = ${b.workspaceId} and rb.title = ra.title
        left join search_documents da on da.kind = 'report' and da.item_id = ra.id
        left join search_documents db on db.kind = 'report' and db.item_id = rb.id
        where ra.workspace_id = ${a.workspaceId}
          and (da.doc is null or db.doc is null
            or ts_delete(da.doc, '#' || ${a.workspaceId}) <> ts_delete(db.doc, '#' || ${b.workspaceId})
            or length(da.doc) <> length(db.doc)))::text as differ`.execute(t.ctx.db);
  const checks = [
    ["kept status counts", await counts(a), await counts(b)],
    ["projects.tree_version", await version(a), await version(b)],
    ["search documents (count)", docs[0]?.a, docs[0]?.b],
    ["search documents differing", "0", docs[0]?.differ],
  ];
  console.log(
    `verify, ${reports.toLocaleString("en-GB")} reports: row by row through the triggers ${(slow / 1000).toFixed(1)} s, bulk ${(fast / 1000).toFixed(1)} s`,
  );
  let ok = docs[0]?.a === String(reports);
  for (const [name, x, y] of checks) {
    console.log(`  ${String(name).padEnd(28)} triggers ${x}   bulk ${y}   ${x === y ? "same" : "DIFFERENT"}`);
    ok &&= x === y;
  }
  if (!ok) throw new Error("the bulk seed's derived state differs from the triggers'");
  console.log("  derived state identical");
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every query one overview() of the workspace sends: the queries are
 * captured as compiled (a Kysely plugin that only looks) and explained with their parameters.
 */
async function explain(t: TestApp, workspaceId: string) {
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
  const capture: KyselyPlugin = {
    transformQuery(args) {
      const q = t.ctx.db.getExecutor().compileQuery(args.node, args.queryId);
      queries.push({ sql: q.sql, parameters: q.parameters });
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await overview({ ...t.ctx, db: t.ctx.db.withPlugin(capture) }, workspaceId, {});
  // In one transaction, in order: a `set local` the overview sends holds for the query after it.
  await t.ctx.db.transaction().execute(async (trx) => {
    for (const q of queries) {
      if (!/^\s*(select|with)\b/i.test(q.sql)) {
        if (/^\s*set local\b/i.test(q.sql)) await trx.executeQuery(CompiledQuery.raw(q.sql, [...q.parameters]));
        continue;
      }
      const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
      );
      console.log(`\n${q.sql.replace(/\s+/g, " ").slice(0, 160)}`);
      for (const r of rows) console.log(`  ${r["QUERY PLAN"]}`);
    }
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function measure(t: TestApp, workspaceId: string) {
  for (let i = 0; i < 10; i++) await overview(t.ctx, workspaceId, {});
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await overview(t.ctx, workspaceId, {});
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const t = await createTestApp("postgres");
try {
  if (values.verify !== undefined) {
    await verify(t, Number(values.verify));
    process.exitCode = 0;
  } else {
    console.log("Seeding the large workspace");
    const large = (await seeded(t, LARGE)).workspaceId;
    console.log("Seeding the small workspace");
    const small = (await seeded(t, SMALL)).workspaceId;
    // The rest of bench:scale's database: other workspaces' reports in the same table (its size,
    // not the measured workspaces', decides whether PostgreSQL reads a workspace by an index).
    for (let left = OTHERS; left > 0; left -= LARGE) {
      console.log("Seeding another workspace");
      await seeded(t, Math.min(LARGE, left));
    }
    await sql`vacuum analyze snagging_reports`.execute(t.ctx.db);
    if (values.explain) await explain(t, large);
    const big = await measure(t, large);
    const little = await measure(t, small);
    const row = (name: string, m: { p50: number; p99: number }) =>
      console.log(`${name.padEnd(28)} p50 ${m.p50.toFixed(1).padStart(7)} ms   p99 ${m.p99.toFixed(1).padStart(7)} ms`);
    console.log(`\noverview(), ${RUNS} runs each, one loaded machine`);
    row(`${LARGE.toLocaleString("en-GB")} reports`, big);
    row(`${SMALL.toLocaleString("en-GB")} reports`, little);
    const ratio = big.p99 / little.p99;
    console.log(`p99 ratio large/small: ${ratio.toFixed(2)} (target <= 2); large p99 target <= 150 ms`);
    console.log(big.p99 <= 150 && ratio <= 2 ? "within targets" : "OVER target");
  }
} finally {
  await t.close();
}
