// Locations benchmark (issue 36): the built server on a scratch PostgreSQL database; a project of
// ~5,000 locations on 5 levels and one of 50, each with 100,000 reports spread over its locations
// (seeded straight into the database), then p50/p99 of the tree read (with report counts per
// location), the descendant filter's first page and the per-location counts, and their ratio big /
// small (target ≤ 1.5×); and the labels PDF of 1,000 locations (time, pages, bytes).
// Usage: npm run build -w apps/server && node bench/locations.mjs [--runs 60] [--reports 100000]
// PostgreSQL: LOCATIONS_PG (default postgres://postgres@127.0.0.1:5432); a database is made and dropped.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "60" },
    reports: { type: "string", default: "100000" },
    // Leave the database (and say its name) for EXPLAIN afterwards.
    keep: { type: "boolean", default: false },
  },
});
const RUNS = Math.max(5, Number(values.runs));
const REPORTS = Math.max(1000, Number(values.reports));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pg = createRequire(path.join(root, "apps/server/package.json"))("pg");
const PG = (process.env.LOCATIONS_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const DB = `locations_bench_${process.pid}`;
const log = (line) => process.stdout.write(`${line}\n`);

async function admin(text) {
  const client = new pg.Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A tree with `fanout[i]` children per node at level i+1: rows and closure rows, parents first. */
function makeTree(projectId, workspaceId, fanout) {
  const rows = [];
  const closure = [];
  const now = Math.floor(Date.now() / 1000);
  const grow = (parent, ancestors, level) => {
    if (level >= fanout.length) return;
    for (let i = 0; i < fanout[level]; i++) {
      const id = randomUUID();
      const name = `${["Block", "Level", "Flat", "Room", "Zone"][level]} ${i + 1}`;
      const path = parent ? `${parent.path} > ${name}` : name;
      const row = { id, parent_id: parent?.id ?? null, name, position: i, depth: level + 1, path };
      rows.push(row);
      closure.push([id, id, 0]);
      for (const [k, a] of ancestors.entries()) closure.push([a, id, ancestors.length - k]);
      grow(row, [...ancestors, id], level + 1);
    }
  };
  grow(null, [], 0);
  return { rows, closure, projectId, workspaceId, now };
}

async function insertTree(client, tree) {
  for (let i = 0; i < tree.rows.length; i += 500) {
    const part = tree.rows.slice(i, i + 500);
    const params = [];
    const tuples = part.map((r) => {
      const base = params.length;
      params.push(r.id, tree.workspaceId, tree.projectId, r.parent_id, r.parent_id ?? "", r.name, r.name.toLowerCase());
      params.push(r.position, r.depth, r.path, tree.now);
      const p = (n) => `$${base + n}`;
      return `(${p(1)},${p(2)},${p(3)},${p(4)},${p(5)},${p(6)},${p(7)},null,${p(8)},${p(9)},${p(10)},null,null,${p(11)},${p(11)})`;
    });
    await client.query(
      `insert into locations (id, workspace_id, project_id, parent_id, parent_key, name, name_key, code, position,
        depth, path, sheet_id, created_by, created_at, updated_at) values ${tuples.join(",")}`,
      params,
    );
  }
  for (let i = 0; i < tree.closure.length; i += 2000) {
    const part = tree.closure.slice(i, i + 2000);
    const params = part.flat();
    const tuples = part.map((_, k) => `($${3 * k + 1},$${3 * k + 2},$${3 * k + 3})`);
    await client.query(
      `insert into location_closure (ancestor_id, descendant_id, distance) values ${tuples.join(",")}`,
      params,
    );
  }
}

/** `count` reports of the project, spread evenly over its locations, made in the database. */
async function insertReports(client, tree, count, prefix) {
  await client.query("create temp table if not exists bench_locs (n int primary key, id text)");
  await client.query("truncate bench_locs");
  const ids = tree.rows.map((r) => r.id);
  await client.query("insert into bench_locs select n - 1, id from unnest($1::text[]) with ordinality as t(id, n)", [
    ids,
  ]);
  // Bulk load without the per-row counting trigger (100,000 updates of one row in one transaction
  // is quadratic); the kept counts are rebuilt in one statement after, as bench/scale.mjs does.
  await client.query("alter table snagging_reports disable trigger snagging_reports_status_counts");
  await client.query(
    `insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category,
       assigned_to, created_by, due_date, location_lat, location_lng, page_url, created_at, updated_at, search_text,
       location_id)
     select gen_random_uuid()::text, $1, $2, $3 || lpad(g::text, 6, '0'), 'Bench snag', 
       (array['open','in-progress','resolved','closed'])[1 + g % 4], 'medium', 'other', null, null, null, null, null,
       null, $4::bigint - g, $4::bigint - g, 'bench snag', l.id
     from generate_series(1, $5::int) g join bench_locs l on l.n = g % $6::int`,
    [tree.workspaceId, tree.projectId, prefix, tree.now, count, ids.length],
  );
  await client.query("alter table snagging_reports enable trigger snagging_reports_status_counts");
  await client.query(
    `insert into report_status_counts (workspace_id, status, n)
     select workspace_id, status, count(*) from snagging_reports group by workspace_id, status
     on conflict (workspace_id, status) do update set n = excluded.n`,
  );
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
  await client.query("vacuum analyze snagging_reports");
  await client.query("analyze locations; analyze location_closure");
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function timed(runs, call) {
  for (let i = 0; i < 3; i++) await call(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

await admin(`create database ${DB}`);
const server = await startServer(root, { DATABASE_URL: `${PG}/${DB}`, PDFS_PER_USER: "10" });
const db = new pg.Client({ connectionString: `${PG}/${DB}` });
try {
  await db.connect();
  const json = { "content-type": "application/json" };
  const reg = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Site",
      email: "bench@example.com",
      password: "bench-pass-1",
    }),
  }).then((r) => r.json());
  const auth = { authorization: `Bearer ${reg.accessToken}` };
  const get = async (url) => {
    const res = await fetch(`${server.url}${url}`, { headers: auth });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const project = async (name) =>
    (
      await fetch(`${server.url}/api/projects`, {
        method: "POST",
        headers: { ...json, ...auth },
        body: JSON.stringify({ name }),
      }).then((r) => r.json())
    ).project.id;
  const workspaceId = reg.user.workspaceId;

  const started = performance.now();
  // 2 blocks × 10 levels × 10 flats × 5 rooms × 4 zones: 5,222 locations on 5 levels.
  const big = makeTree(await project("Big"), workspaceId, [2, 10, 10, 5, 4]);
  // 2 blocks × 3 levels × 7 flats: 50 locations.
  const small = makeTree(await project("Small"), workspaceId, [2, 3, 7]);
  await insertTree(db, big);
  await insertTree(db, small);
  await insertReports(db, big, REPORTS, "SNAG-20250101-B");
  await insertReports(db, small, REPORTS, "SNAG-20250101-S");
  log(
    `seeded ${big.rows.length} + ${small.rows.length} locations, 2 × ${REPORTS} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const levelOf = (tree) => tree.rows.find((r) => r.depth === 2).id; // a floor: everything under it
  const cases = [
    ["tree read (with counts per location)", (t) => `/api/projects/${t.projectId}/locations`],
    ["descendant filter, first page (50)", (t) => `/api/snagging?locationId=${levelOf(t)}&limit=50`],
    ["counts under a floor (/snagging/counts)", (t) => `/api/snagging/counts?locationId=${levelOf(t)}`],
  ];
  log(
    `\n${"".padEnd(42)} ${"big p50".padStart(9)} ${"big p99".padStart(9)} ${"50 p50".padStart(9)} ${"50 p99".padStart(9)} ${"p99 ×".padStart(7)}`,
  );
  const f = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
  const row = (name, b, s) =>
    log(`${name.padEnd(42)} ${f(b.p50)} ${f(b.p99)} ${f(s.p50)} ${f(s.p99)} ${(b.p99 / s.p99).toFixed(2).padStart(7)}`);
  for (const [name, url] of cases) {
    const b = await timed(RUNS, () => get(url(big)).then((r) => r.arrayBuffer()));
    const s = await timed(RUNS, () => get(url(small)).then((r) => r.arrayBuffer()));
    row(name, b, s);
  }
  // As a device that has the tree reads it again (the browser sends its ETag): 304, no body.
  const revalidate = async (tree) => {
    const url = `${server.url}/api/projects/${tree.projectId}/locations`;
    const etag = (await get(`/api/projects/${tree.projectId}/locations`)).headers.get("etag");
    return timed(RUNS, async () => {
      const res = await fetch(url, { headers: { ...auth, "if-none-match": etag } });
      if (res.status !== 304) throw new Error(`tree revalidation: ${res.status}`);
      await res.arrayBuffer();
    });
  };
  row("tree read again (If-None-Match → 304)", await revalidate(big), await revalidate(small));

  // Labels: a project of exactly 1,000 locations made through the import (10 floors × 99 flats).
  const labelsProject = await project("Labels");
  const lines = [];
  for (let f = 1; f <= 10; f++)
    for (let u = 1; u <= 99; u++)
      lines.push(`Tower > Floor ${f} > Flat ${f}.${String(u).padStart(2, "0")};T-${f}-${u}`);
  const imported = await fetch(`${server.url}/api/projects/${labelsProject}/locations/import`, {
    method: "POST",
    headers: { ...json, ...auth },
    body: JSON.stringify({ lines }),
  }).then((r) => r.json());
  const t0 = performance.now();
  const pdf = Buffer.from(await (await get(`/api/projects/${labelsProject}/locations/labels.pdf`)).arrayBuffer());
  const ms = performance.now() - t0;
  const file = path.join(tmpdir(), `labels-bench-${process.pid}.pdf`);
  writeFileSync(file, pdf);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1];
  rmSync(file);
  log(
    `\nlabels PDF of ${imported.created} locations: ${(ms / 1000).toFixed(2)} s, ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB`,
  );
} finally {
  await db.end().catch(() => {});
  await server.stop();
  if (values.keep) log(`kept database ${DB}`);
  else await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
}
