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
//   --baseline P  also time the overview() exported by module P (e.g. a copy of main's
//               apps/server/src/analytics/ put beside it), alternating run by run with this one's
//   --writes N  the tallies' cost on writes (decision 0086), on SQLite and PostgreSQL: N reports
//               inserted one statement each, N status changes one by one, one update of all N (the
//               bulk path's shape), with the tally triggers and without, alternating; no overview()
//   --explain   print EXPLAIN (ANALYZE, BUFFERS) of each query of one overview() of the large workspace
import path from "node:path";
import { parseArgs } from "node:util";
import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { overview } from "../apps/server/src/analytics/analytics.service";
import { newId } from "../apps/server/src/ids";
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
    baseline: { type: "string" },
    writes: { type: "string" },
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
  "snagging_reports_tallies",
  "snagging_reports_tallies_update",
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
  // The overview's tallies (0055): the migration's own rebuild, the triggers' rows summed set-wise.
  await sql`select report_tallies_rebuild(${w.workspaceId})`.execute(db);
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
 * status counts, the project's tree_version and every search document (its workspace tag
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
            or (select string_agg(substr(u.lexeme, 9) || ':' || array_to_string(u.positions, ',') || array_to_string(u.weights, ','), ' '
                  order by substr(u.lexeme, 9)) from unnest(da.doc) u)
              is distinct from (select string_agg(substr(u.lexeme, 9) || ':' || array_to_string(u.positions, ',') || array_to_string(u.weights, ','), ' '
                  order by substr(u.lexeme, 9)) from unnest(db.doc) u)
            or length(da.doc) <> length(db.doc)))::text as differ`.execute(t.ctx.db);
  // Every tally row, its ids written as the seed's indexes (person n, room n) so workspaces compare.
  const tallies = async (w: Awaited<ReturnType<typeof workspace>>) => {
    const { rows } = await sql<{ kind: string; key: string; day: number; n: string; secs: string }>`
      select kind, key, day, n::text as n, secs::text as secs from report_tallies
      where workspace_id = ${w.workspaceId} and (n <> 0 or secs <> 0)`.execute(t.ctx.db);
    const named = (key: string) =>
      key.startsWith("m:")
        ? `person ${w.people.indexOf(key.slice(2))}`
        : w.rooms.includes(key)
          ? `room ${w.rooms.indexOf(key)}`
          : key;
    return JSON.stringify(rows.map((r) => `${r.kind} ${named(r.key)} ${r.day} ${r.n} ${r.secs}`).sort());
  };
  const checks = [
    ["kept status counts", await counts(a), await counts(b)],
    ["overview tallies", await tallies(a), await tallies(b)],
    ["projects.tree_version", await version(a), await version(b)],
    ["search documents (count)", docs[0]?.a, docs[0]?.b],
    ["search documents differing", "0", docs[0]?.differ],
  ];
  console.log(
    `verify, ${reports.toLocaleString("en-GB")} reports: row by row through the triggers ${(slow / 1000).toFixed(1)} s, bulk ${(fast / 1000).toFixed(1)} s`,
  );
  let ok = docs[0]?.a === String(reports);
  for (const [name, x, y] of checks) {
    const shown = (v: string | undefined) => (v && v.length > 200 ? `${v.slice(0, 120)}… (${v.length} chars)` : v);
    console.log(
      `  ${String(name).padEnd(28)} triggers ${shown(x)}   bulk ${shown(y)}   ${x === y ? "same" : "DIFFERENT"}`,
    );
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

type OverviewFn = typeof overview;

/** p50/p99 of each overview function on the workspace, the functions alternating run by run. */
async function measure(t: TestApp, workspaceId: string, fns: readonly OverviewFn[]) {
  for (let i = 0; i < 10; i++) for (const fn of fns) await fn(t.ctx, workspaceId, {});
  const times: number[][] = fns.map(() => []);
  for (let i = 0; i < RUNS; i++)
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn(t.ctx, workspaceId, {});
      times[k]?.push(performance.now() - start);
    }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { p50: percentile(list, 50), p99: percentile(list, 99) };
  });
}

/** Turns the tally triggers (migration 0055) off and on: PostgreSQL disables them, SQLite drops and re-creates them. */
async function tallyTriggers(t: TestApp) {
  const db = t.ctx.db;
  if (t.schema !== undefined)
    return async (on: boolean) => {
      for (const name of ["snagging_reports_tallies", "snagging_reports_tallies_update"])
        await sql.raw(`alter table snagging_reports ${on ? "enable" : "disable"} trigger ${name}`).execute(db);
    };
  const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
    where type = 'trigger' and name like 'snagging_reports_tallies%'`.execute(db);
  if (rows.length !== 3) throw new Error(`expected three tally triggers, found ${rows.length}`);
  let present = true;
  return async (on: boolean) => {
    if (on === present) return;
    for (const r of rows) await sql.raw(on ? r.sql : `drop trigger ${r.name}`).execute(db);
    present = on;
  };
}

/** Per-operation cost of report writes with the tallies' triggers and without, alternating by round. */
async function writes(kind: "sqlite" | "postgres", n: number, rounds = 4) {
  const t = await createTestApp(kind);
  try {
    const w = await workspace(t);
    const db = t.ctx.db;
    const set = await tallyTriggers(t);
    const results: Record<string, { insert: number[]; update: number[]; bulk: number[] }> = {
      without: { insert: [], update: [], bulk: [] },
      with: { insert: [], update: [], bulk: [] },
    };
    let serial = 0;
    for (let round = 0; round < rounds; round++) {
      for (const mode of round % 2 === 0 ? ["without", "with"] : ["with", "without"]) {
        await set(mode === "with");
        const now = Math.floor(Date.now() / 1000);
        const ids: string[] = [];
        let start = performance.now();
        for (let i = 0; i < n; i++) {
          const id = newId();
          ids.push(id);
          serial += 1;
          await db
            .insertInto("snagging_reports")
            .values({
              id,
              workspace_id: w.workspaceId,
              project_id: w.projectId,
              title: `W-${serial}`,
              description: "Write bench",
              status: "open",
              priority: "high",
              category: "plumbing",
              assigned_to: w.people[i % 20] as string,
              created_by: w.ownerId,
              due_date: now + (i % 30) * 86400,
              location_lat: null,
              location_lng: null,
              page_url: null,
              created_at: now,
              updated_at: now,
              location_id: w.rooms[i % 50] as string,
              assigned_at: now,
              search_text: "write bench",
            })
            .execute();
        }
        results[mode]?.insert.push(((performance.now() - start) * 1000) / n);
        start = performance.now();
        for (const id of ids)
          await db.updateTable("snagging_reports").set({ status: "in-progress" }).where("id", "=", id).execute();
        results[mode]?.update.push(((performance.now() - start) * 1000) / n);
        start = performance.now();
        await db
          .updateTable("snagging_reports")
          .set({ status: "resolved", resolved_at: now + 60 })
          .where("id", "in", ids)
          .execute();
        results[mode]?.bulk.push((performance.now() - start) * 1000);
        await db.deleteFrom("snagging_reports").where("id", "in", ids).execute();
      }
    }
    await set(true);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    console.log(`\n${kind}: ${n} reports a round, ${rounds} rounds each way (median of rounds)`);
    for (const mode of ["without", "with"] as const) {
      const r = results[mode];
      if (!r) continue;
      console.log(
        `  ${`${mode} the tally triggers`.padEnd(28)} insert ${median(r.insert).toFixed(0).padStart(6)} µs/report   status change ${median(r.update).toFixed(0).padStart(6)} µs/report   one update of ${n} ${(median(r.bulk) / 1000).toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await t.close();
  }
}

if (values.writes !== undefined) {
  await writes("sqlite", Number(values.writes));
  await writes("postgres", Number(values.writes));
  process.exit(0);
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
    await sql`vacuum analyze report_tallies`.execute(t.ctx.db);
    if (values.explain) await explain(t, large);
    const fns: { name: string; fn: OverviewFn }[] = [{ name: "this branch", fn: overview }];
    if (values.baseline) {
      const base = (await import(path.resolve(values.baseline))) as { overview: OverviewFn };
      fns.unshift({ name: "baseline", fn: base.overview });
    }
    const big = await measure(
      t,
      large,
      fns.map((f) => f.fn),
    );
    const little = await measure(
      t,
      small,
      fns.map((f) => f.fn),
    );
    const row = (name: string, m: { p50: number; p99: number }) =>
      console.log(`${name.padEnd(40)} p50 ${m.p50.toFixed(1).padStart(7)} ms   p99 ${m.p99.toFixed(1).padStart(7)} ms`);
    console.log(`\noverview(), ${RUNS} runs each, one loaded machine${fns.length > 1 ? ", alternating" : ""}`);
    for (const [k, f] of fns.entries()) {
      const b = big[k] as { p50: number; p99: number };
      const l = little[k] as { p50: number; p99: number };
      row(`${f.name}: ${LARGE.toLocaleString("en-GB")} reports`, b);
      row(`${f.name}: ${SMALL.toLocaleString("en-GB")} reports`, l);
      const ratio = b.p99 / l.p99;
      console.log(
        `${f.name}: p99 ratio large/small ${ratio.toFixed(2)} (p50 ratio ${(b.p50 / l.p50).toFixed(2)}; target p99 ratio <= 2, large p99 <= 150 ms): ${b.p99 <= 150 && ratio <= 2 ? "within targets" : "OVER target"}`,
      );
    }
  }
} finally {
  await t.close();
}
