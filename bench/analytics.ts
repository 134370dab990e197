// bench:analytics (issue 37, decision 0062): the overview's computation on PostgreSQL for a large
// workspace against a 1,000-report one, p50/p99 of `overview()` (the SQL and the roll-up, in
// process: the same function GET /api/analytics/overview and the weekly PDF call). The workspaces
// are made in a fresh schema (the API tests' harness: migrations applied) and filled with bulk SQL:
// 20 assignees, 7 trades, 5 floors × 10 rooms, two years of reports with every status, due dates
// past and future, resolved ones with their times; then VACUUM ANALYZE.
// Targets: p99 <= 150 ms for the large workspace, large/small p99 <= 2.
// Usage: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:analytics [-- --reports 100000 --runs 200]
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { overview } from "../apps/server/src/analytics/analytics.service";
import { joinWorkspace } from "../apps/server/test/audit-factories";
import { createProject, signUp } from "../apps/server/test/factories";
import { createTestApp, type TestApp } from "../apps/server/test/harness";

const { values } = parseArgs({
  options: { reports: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } },
});
const LARGE = Number(values.reports);
const SMALL = 1000;
const RUNS = Number(values.runs);
if (!process.env.TEST_DATABASE_URL) throw new Error("Set TEST_DATABASE_URL (PostgreSQL) for bench:analytics");

async function workspace(t: TestApp, reports: number) {
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
  const now = Math.floor(Date.now() / 1000);
  const started = performance.now();
  // Two years of reports; about a third still open or in progress, a quarter of those overdue.
  await sql`alter table snagging_reports disable trigger snagging_reports_status_counts`.execute(t.ctx.db);
  await sql`insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category,
      assigned_to, created_by, due_date, location_lat, location_lng, page_url, created_at, updated_at, search_text,
      location_id, resolved_at, assigned_at, rejection_count)
    select gen_random_uuid()::text, ${owner.user.workspaceId}, ${projectId}, 'B-' || g, 'Defect ' || g,
      (array['open','in-progress','resolved','closed','closed','closed'])[1 + (g * 7) % 6],
      (array['critical','high','medium','low'])[1 + (g * 3) % 4],
      (array['safety','finish','plumbing','electrical','structural','hvac','other'])[1 + g % 7],
      (${people}::text[])[1 + g % 20], ${owner.user.id},
      case when g % 3 = 0 then null else ${now} + ((g % 60) - 15) * 86400 end, null, null, null,
      ${now} - (g * 63072000::bigint / ${reports}), ${now}, 'b-' || g,
      (${rooms}::text[])[1 + g % 50],
      case when (1 + (g * 7) % 6) >= 3 then least(${now}, ${now} - (g * 63072000::bigint / ${reports}) + (g % 40) * 86400) end,
      ${now} - (g * 63072000::bigint / ${reports}),
      case when g % 17 = 0 then 1 else 0 end
    from generate_series(1, ${reports}) g`.execute(t.ctx.db);
  await sql`alter table snagging_reports enable trigger snagging_reports_status_counts`.execute(t.ctx.db);
  await sql`insert into report_status_counts (workspace_id, status, n)
    select workspace_id, status, count(*) from snagging_reports where workspace_id = ${owner.user.workspaceId}
    group by workspace_id, status
    on conflict (workspace_id, status) do update set n = excluded.n`.execute(t.ctx.db);
  console.log(`  ${reports.toLocaleString("en-GB")} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return owner.user.workspaceId;
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
  console.log("Seeding the large workspace");
  const large = await workspace(t, LARGE);
  console.log("Seeding the small workspace");
  const small = await workspace(t, SMALL);
  await sql`vacuum analyze snagging_reports`.execute(t.ctx.db);
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
} finally {
  await t.close();
}
