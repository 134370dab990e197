// Locations benchmark (issue 36): the built server on a scratch PostgreSQL database; a project of
// ~5,000 locations on 5 levels and one of 50, each with 100,000 reports spread over its locations
// (seeded straight into the database), then p50/p99 of the tree read (with report counts per
// location), the descendant filter's first page and the per-location counts, and their ratio big /
// small (target ≤ 1.5×); and the labels PDF of 1,000 locations (time, pages, bytes).
// Usage: npm run build -w apps/server && node bench/locations.mjs [--runs 60] [--reports 100000] [--check-seed] [--keep]
//   [--db locations_bench_N] [--server ../other-checkout] [--accept "gzip, deflate, br, zstd"]
//   [--stages] [--only "first after"] ["--server-args=--cpu-prof --cpu-prof-dir=/tmp/prof"]
// PostgreSQL: LOCATIONS_PG (default postgres://postgres@127.0.0.1:5432); a database is made and dropped.
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "60" },
    reports: { type: "string", default: "100000" },
    // Leave the database (and say its name) for EXPLAIN afterwards.
    keep: { type: "boolean", default: false },
    // Seed a small pair of projects both ways first and stop if the fast seed differs from the triggers'.
    "check-seed": { type: "boolean", default: false },
    // Measure the tree reads again on a kept database (no seed, no labels), e.g. before and after a change.
    db: { type: "string" },
    // The checkout whose built server answers (default this one): a before/after on one database.
    server: { type: "string" },
    // The Accept-Encoding every read sends, e.g. a browser's: "gzip, deflate, br, zstd" (Chrome,
    // Edge, Firefox) or "gzip, deflate, br" (Safari). Default: Node's fetch ("gzip, deflate").
    accept: { type: "string" },
    // Only the cases whose name contains this (e.g. "first after"), for a profile of one case.
    only: { type: "string" },
    // Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (split on spaces).
    "server-args": { type: "string" },
    // After the table: where the first read after a change goes, stage by stage (the server's
    // Server-Timing, the client's bytes, decoding and JSON.parse apart), and the same bytes served
    // by a static server: what the answer's size alone costs the client (decision 0092).
    stages: { type: "boolean", default: false },
  },
});
const RUNS = Math.max(5, Number(values.runs));
const REPORTS = Math.max(1000, Number(values.reports));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pg = createRequire(path.join(root, "apps/server/package.json"))("pg");
const PG = (process.env.LOCATIONS_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const REUSE = values.db !== undefined;
if (REUSE && !/^locations_bench_\d+$/.test(values.db)) throw new Error("--db takes a database this bench kept");
const DB = values.db ?? `locations_bench_${process.pid}`;
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

/**
 * `count` reports of the project, spread evenly over its locations, made in the database.
 * `fast`: with the seed session's triggers suspended (`session_replication_role = replica`), then
 * what the triggers would have made computed once (`deriveSeeded`); else through every trigger.
 */
async function insertReports(client, tree, count, prefix) {
  await client.query("create temp table if not exists bench_locs (n int primary key, id text)");
  await client.query("truncate bench_locs");
  const ids = tree.rows.map((r) => r.id);
  await client.query("insert into bench_locs select n - 1, id from unnest($1::text[]) with ordinality as t(id, n)", [
    ids,
  ]);
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
}

/** Per-row triggers off for this session only (the server's connections keep theirs). */
const suspendTriggers = (client) => client.query("set session_replication_role = replica");
const resumeTriggers = (client) => client.query("set session_replication_role = origin");

/**
 * After a seed with the triggers suspended, what they would have made, once per table:
 * - `projects.tree_version` (migration 0047): +1 per location inserted and per report inserted at
 *   a location (the project was new, so every such row is the seed's); `locations_version`
 *   (migration 0057): +1 per location inserted;
 * - `report_status_counts` (migration 0006): recounted from the table;
 * - the reports' `search_documents` (migration 0051): the upsert of the trigger function
 *   `search_sync_report` itself, read from the database, for every report of the project;
 * - the overview's `report_tallies` (migration 0055): its own `report_tallies_rebuild`.
 */
async function deriveSeeded(client, projectId) {
  await client.query(
    `update projects set tree_version = tree_version
       + (select count(*) from locations l where l.project_id = $1)
       + (select count(*) from snagging_reports r where r.project_id = $1 and r.location_id is not null)
     where id = $1`,
    [projectId],
  );
  // Migration 0057 (a server built before it has no such column): +1 per location inserted.
  if (await hasStructureVersion(client)) {
    await client.query(
      `update projects set locations_version = locations_version
         + (select count(*) from locations l where l.project_id = $1) where id = $1`,
      [projectId],
    );
  }
  await client.query(
    `insert into report_status_counts (workspace_id, status, n)
     select workspace_id, status, count(*) from snagging_reports group by workspace_id, status
     on conflict (workspace_id, status) do update set n = excluded.n`,
  );
  const source = (await client.query("select prosrc from pg_proc where proname = 'search_sync_report'")).rows[0]
    ?.prosrc;
  const upsert = /else\s+(insert into search_documents[\s\S]*?);\s*end if/.exec(source ?? "")?.[1];
  if (!upsert?.includes("where x.id = new.id")) throw new Error("search_sync_report has changed: update the bench");
  await client.query(upsert.replace("where x.id = new.id", "where x.project_id = $1"), [projectId]);
  // The overview's tallies (migration 0055; a server built before it has none): the project's reports.
  const tallies = await client.query("select 1 from pg_proc where proname = 'report_tallies_rebuild'");
  if (tallies.rows.length > 0) await client.query("select report_tallies_rebuild(null, $1)", [projectId]);
}

const hasStructureVersion = async (client) =>
  (
    await client.query(
      "select 1 from information_schema.columns where table_name = 'projects' and column_name = 'locations_version'",
    )
  ).rows.length > 0;

/** As autovacuum leaves a settled table: statistics and the visibility map (index-only scans). */
async function settle(client) {
  await client.query("vacuum analyze snagging_reports");
  await client.query("vacuum analyze search_documents");
  await client.query("analyze locations; analyze location_closure; analyze projects");
}

/**
 * The fast seed checked against the triggers: two projects of the same tree and reports (in two
 * workspaces, as references are unique in one), one seeded fast and one through every trigger,
 * must end with the same tree and structure versions, the same search documents (report by report, matched by
 * reference, the workspace's id and tag aside) and status counts equal to a recount. Throws on a
 * difference.
 */
async function checkSeed(client, fastProject, slowProject, reports) {
  const fast = makeTree(fastProject.id, fastProject.workspaceId, [2, 3, 7]);
  const slow = makeTree(slowProject.id, slowProject.workspaceId, [2, 3, 7]);
  await suspendTriggers(client);
  await insertTree(client, fast);
  await insertReports(client, fast, reports, "SNAG-CHECK-");
  await deriveSeeded(client, fast.projectId);
  await resumeTriggers(client);
  await insertTree(client, slow);
  await insertReports(client, slow, reports, "SNAG-CHECK-");
  const structure = (await hasStructureVersion(client)) ? "locations_version" : "null";
  const version = async (t) => {
    const [row] = (
      await client.query(`select tree_version, ${structure} as locations_version from projects where id = $1`, [
        t.projectId,
      ])
    ).rows;
    return `${row.tree_version}/${row.locations_version}`;
  };
  const docs = async (t) =>
    (
      await client.query(
        `select r.title, d.workspace_id = $2 as own, replace(replace(d.doc::text, $2, 'W'), 'w' || substr(md5($2), 1, 7), 'W') as doc from snagging_reports r
         join search_documents d on d.kind = 'report' and d.item_id = r.id where r.project_id = $1 order by r.title`,
        [t.projectId, t.workspaceId],
      )
    ).rows;
  const [vf, vs] = [await version(fast), await version(slow)];
  if (vf !== vs) throw new Error(`seed check: tree/locations version ${vf} (fast) ≠ ${vs} (triggers)`);
  const [df, ds] = [await docs(fast), await docs(slow)];
  if (df.length !== reports || JSON.stringify(df) !== JSON.stringify(ds)) {
    throw new Error(`seed check: search documents differ (${df.length} fast, ${ds.length} by triggers)`);
  }
  const drift = await client.query(
    `select c.status, c.n, coalesce(r.n, 0) as counted from report_status_counts c
     left join (select workspace_id, status, count(*)::int as n from snagging_reports group by 1, 2) r
       on r.workspace_id = c.workspace_id and r.status = c.status
     where c.n <> coalesce(r.n, 0)`,
  );
  if (drift.rows.length > 0) throw new Error(`seed check: status counts ${JSON.stringify(drift.rows)}`);
  log(`seed check: fast seed = triggers (tree/locations version ${vf}, ${df.length} search documents, status counts)`);
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

/**
 * p50/p99 of `big` and `small`, their calls alternating (which goes first too), so both meet the
 * same load on a shared machine and only their ratio is read. `prepare(which)` runs before each
 * call, untimed.
 */
async function timedPair(runs, big, small, prepare = async () => {}) {
  for (let i = 0; i < 3; i++) {
    await prepare("big");
    await big();
    await prepare("small");
    await small();
  }
  const times = { big: [], small: [] };
  const calls = { big, small };
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 ? ["big", "small"] : ["small", "big"]) {
      await prepare(which);
      const t0 = performance.now();
      await calls[which]();
      times[which].push(performance.now() - t0);
    }
  }
  return [stats(times.big), stats(times.small)];
}

/** One GET over node:http, the body's bytes as they came (not decoded): the times it took apart. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = httpRequest(url, { headers }, (res) => {
      const headersAt = performance.now() - t0;
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks), headersAt, endAt: performance.now() - t0 }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const DECODE = {
  zstd: (b) => zlib.zstdDecompressSync(b),
  br: (b) => zlib.brotliDecompressSync(b),
  gzip: (b) => zlib.gunzipSync(b),
};

/** `project;dur=1.2, counts;dur=15` → { project: 1.2, counts: 15 }. */
const serverTimings = (header) =>
  Object.fromEntries(
    (header ?? "")
      .split(",")
      .map((part) => /^\s*([\w-]+);dur=([\d.]+)/.exec(part))
      .filter(Boolean)
      .map(([, name, ms]) => [name, Number(ms)]),
  );

/**
 * The first read after a change, stage by stage, big and small alternating: the server's own
 * stages (Server-Timing), the client's wait for the headers and for the last byte, decoding and
 * JSON.parse timed apart (the table's reads decode inside fetch and do not parse), and the client's
 * garbage collection during each read. Then the two answers' bytes served as they are by a static
 * Node server in its own process, read as the table reads them (fetch, arrayBuffer): what the
 * size of the answer alone costs.
 */
async function stages({ server, auth, big, small, treeUrl, changeOne, row }) {
  let gcMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcMs += e.duration;
  });
  gc.observe({ entryTypes: ["gc"] });
  const samples = { big: [], small: [] };
  const last = {};
  const projects = { big, small };
  const once = async (which) => {
    await changeOne(which);
    const gcBefore = gcMs;
    const t0 = performance.now();
    const { res, body, headersAt, endAt } = await rawGet(`${server.url}${treeUrl(projects[which])}`, auth);
    if (res.statusCode !== 200) throw new Error(`tree read: ${res.statusCode}`);
    const encoding = res.headers["content-encoding"];
    const d0 = performance.now();
    const json = encoding ? DECODE[encoding](body) : body;
    const decode = performance.now() - d0;
    const p0 = performance.now();
    JSON.parse(json.toString());
    const parse = performance.now() - p0;
    const total = performance.now() - t0;
    last[which] = { body, encoding, plain: json.length };
    return {
      ...serverTimings(res.headers["server-timing"]),
      headers: headersAt,
      "last byte": endAt,
      transfer: endAt - headersAt,
      decode,
      parse,
      "client gc": gcMs - gcBefore,
      total,
    };
  };
  // The table's read (fetch, decoded as it streams in, no parse), in the same loop.
  const viaFetch = async (which) => {
    await changeOne(which);
    const t0 = performance.now();
    await fetch(`${server.url}${treeUrl(projects[which])}`, { headers: auth }).then((r) => r.arrayBuffer());
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) for (const which of ["big", "small"]) await once(which);
  for (let i = 0; i < RUNS; i++) {
    for (const which of i % 2 ? ["big", "small"] : ["small", "big"]) {
      const sample = await once(which);
      sample["as the table: fetch"] = await viaFetch(which);
      samples[which].push(sample);
    }
  }
  gc.disconnect();
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  log(
    `\nfirst read after a change, stage by stage (${RUNS} each; ${last.big.encoding ?? "identity"}: big ${kb(last.big.body.length)} → ${kb(last.big.plain)}, small ${kb(last.small.body.length)} → ${kb(last.small.plain)})`,
  );
  for (const stage of Object.keys(samples.big[0])) {
    const of = (which) => stats(samples[which].map((s) => s[stage] ?? 0));
    row(`  ${stage}`, of("big"), of("small"));
  }

  // The same bytes from a static server (its own process, as the real one): size alone.
  const statics = spawn(
    process.execPath,
    [
      "-e",
      `const bodies = {};
       process.stdin.on("data", (d) => (bodies.buf = Buffer.concat([bodies.buf ?? Buffer.alloc(0), d])));
       process.stdin.on("end", () => {
         const { big, small, encoding } = JSON.parse(bodies.buf.toString());
         const answers = { "/big": Buffer.from(big, "base64"), "/small": Buffer.from(small, "base64") };
         const server = require("node:http").createServer((req, res) => {
           const headers = { "content-type": "application/json; charset=utf-8" };
           if (encoding) headers["content-encoding"] = encoding;
           res.writeHead(200, headers).end(answers[req.url]);
         });
         server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port) + "\\n"));
       });`,
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  try {
    statics.stdin.end(
      JSON.stringify({
        big: last.big.body.toString("base64"),
        small: last.small.body.toString("base64"),
        encoding: last.big.encoding,
      }),
    );
    const port = await new Promise((resolve) => statics.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
    const read = (p) => () => fetch(`http://127.0.0.1:${port}/${p}`).then((r) => r.arrayBuffer());
    const [b, s] = await timedPair(RUNS, read("big"), read("small"));
    row("  the same bytes, static server (fetch)", b, s);
  } finally {
    statics.kill();
  }
}

if (!REUSE) await admin(`create database ${DB}`);
const server = await startServer(
  values.server ? path.resolve(values.server) : root,
  { DATABASE_URL: `${PG}/${DB}`, PDFS_PER_USER: "10" },
  values["server-args"]?.split(" ").filter(Boolean) ?? [],
);
const db = new pg.Client({ connectionString: `${PG}/${DB}` });
try {
  await db.connect();
  const json = { "content-type": "application/json" };
  const register = (email) =>
    fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ firstName: "Bench", lastName: "Site", email, password: "bench-pass-1" }),
    }).then((r) => r.json());
  const reg = REUSE
    ? await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "bench@example.com", password: "bench-pass-1" }),
      }).then((r) => r.json())
    : await register("bench@example.com");
  const auth = {
    authorization: `Bearer ${reg.accessToken}`,
    ...(values.accept ? { "accept-encoding": values.accept } : {}),
  };
  const get = async (url) => {
    const res = await fetch(`${server.url}${url}`, { headers: auth });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  const projectOf = async (headers, name) =>
    (
      await fetch(`${server.url}/api/projects`, {
        method: "POST",
        headers: { ...json, ...headers },
        body: JSON.stringify({ name }),
      }).then((r) => r.json())
    ).project.id;
  const project = (name) => projectOf(auth, name);
  const workspaceId = reg.user.workspaceId;

  const seed = async () => {
    const started = performance.now();
    // 2 blocks × 10 levels × 10 flats × 5 rooms × 4 zones: 5,222 locations on 5 levels.
    const big = makeTree(await project("Big"), workspaceId, [2, 10, 10, 5, 4]);
    // 2 blocks × 3 levels × 7 flats: 50 locations.
    const small = makeTree(await project("Small"), workspaceId, [2, 3, 7]);
    if (values["check-seed"]) {
      const other = await register("bench-check@example.com");
      const slow = await projectOf({ authorization: `Bearer ${other.accessToken}` }, "Seed triggers");
      await checkSeed(
        db,
        { id: await project("Seed fast"), workspaceId },
        { id: slow, workspaceId: other.user.workspaceId },
        1000,
      );
    }
    await suspendTriggers(db);
    await insertTree(db, big);
    await insertTree(db, small);
    await insertReports(db, big, REPORTS, "SNAG-20250101-B");
    await insertReports(db, small, REPORTS, "SNAG-20250101-S");
    await deriveSeeded(db, big.projectId);
    await deriveSeeded(db, small.projectId);
    await resumeTriggers(db);
    await settle(db);
    log(
      `seeded ${big.rows.length} + ${small.rows.length} locations, 2 × ${REPORTS} reports in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return [big, small];
  };
  /** The kept database's two projects, as far as the measuring needs them. */
  const kept = async (name) => {
    const { id } = (
      await db.query("select id from projects where workspace_id = $1 and name = $2", [workspaceId, name])
    ).rows[0];
    const rows = (await db.query("select id, depth from locations where project_id = $1", [id])).rows;
    return { projectId: id, workspaceId, rows };
  };
  const [big, small] = REUSE ? [await kept("Big"), await kept("Small")] : await seed();

  const levelOf = (tree) => tree.rows.find((r) => r.depth === 2).id; // a floor: everything under it
  const treeUrl = (t) => `/api/projects/${t.projectId}/locations`;
  // A device with no copy of the tree (first load, a teammate's new phone): the whole answer.
  const readTree = (t) => () => get(treeUrl(t)).then((r) => r.arrayBuffer());
  // A device that has the tree reads it again (the browser sends its ETag): 304, no body.
  const etags = {};
  const revalidate = (t) => async () => {
    etags[t.projectId] ??= (await get(treeUrl(t))).headers.get("etag");
    const res = await fetch(`${server.url}${treeUrl(t)}`, {
      headers: { ...auth, "if-none-match": etags[t.projectId] },
    });
    if (res.status !== 304) throw new Error(`tree revalidation: ${res.status}`);
    await res.arrayBuffer();
  };
  // One report of the project changes status (untimed), so the next read is the first of a new version.
  const changeOne = async (which) => {
    const t = which === "big" ? big : small;
    await db.query(
      `update snagging_reports set status = case status when 'open' then 'resolved' else 'open' end
       where id = (select id from snagging_reports where project_id = $1 and location_id is not null
                   order by title limit 1)`,
      [t.projectId],
    );
  };
  const cases = [
    ["tree read, unchanged tree (full answer)", readTree, undefined],
    ["tree read, first after a change", readTree, changeOne],
    ["tree read again (If-None-Match → 304)", revalidate, undefined],
    [
      "descendant filter, first page (50)",
      (t) => () => get(`/api/snagging?locationId=${levelOf(t)}&limit=50`).then((r) => r.arrayBuffer()),
      undefined,
    ],
    [
      "counts under a floor (/snagging/counts)",
      (t) => () => get(`/api/snagging/counts?locationId=${levelOf(t)}`).then((r) => r.arrayBuffer()),
      undefined,
    ],
  ];
  log(
    `\n${"".padEnd(42)} ${"big p50".padStart(9)} ${"big p99".padStart(9)} ${"50 p50".padStart(9)} ${"50 p99".padStart(9)} ${"p99 ×".padStart(7)}`,
  );
  const f = (ms) => `${ms.toFixed(1)} ms`.padStart(9);
  const row = (name, b, s) =>
    log(`${name.padEnd(42)} ${f(b.p50)} ${f(b.p99)} ${f(s.p50)} ${f(s.p99)} ${(b.p99 / s.p99).toFixed(2).padStart(7)}`);
  for (const [name, call, prepare] of cases) {
    if (values.only && !name.includes(values.only)) continue;
    const [b, s] = await timedPair(RUNS, call(big), call(small), prepare);
    row(name, b, s);
  }
  if (values.stages) await stages({ server, auth, big, small, treeUrl, changeOne, row });

  const labelsPdf = async () => {
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
  };
  if (!REUSE) await labelsPdf();
} finally {
  await db.end().catch(() => {});
  await server.stop();
  if (REUSE) {
    // Kept as it was given.
  } else if (values.keep) log(`kept database ${DB}`);
  else await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
}
