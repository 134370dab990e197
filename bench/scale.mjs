// Scale benchmark (issue 13, decision 0018): a dedicated PostgreSQL database of 1,000,000 reports in
// 1,000 workspaces, generated with bulk SQL (generate_series), including one workspace of 100,000
// reports and one of 1,000. The built server runs against it and autocannon measures, for both
// workspaces: list first page, a later page (by cursor), detail, status filter and dashboard
// counts; read throughput with one instance, and with two behind HAProxy (round-robin) when
// haproxy is installed; and read latency on one instance while 20 PDFs are generating vs without.
// Targets: p99 of every list and detail at most 1.5x from the small to the large workspace; reads
// during the PDF burst within 2x of reads without.
//
// Since issue 22 the burst's report holds 20 photos of 12 MP (the worst case: display copies of
// 2,048 px), and the burst section prints the server's resident memory (RSS, sampled from /proc)
// before and at its peak during the burst. Targets: reads p99 <= 2x without; RSS < 400 MB.
//
// Usage: npm run build && npm run bench:scale [-- --duration 10 --connections 10 --reuse --keep]
//   --reuse    keep the generated database from an earlier run when it is complete (skips generation)
//   --keep     leave the database in place afterwards (default: dropped)
//   --reports  how many reports to generate (default 1,000,000; the large workspace holds a tenth,
//              at most 100,000; the small one 1,000 at most): a shorter run
//   --pdf-only only the PDF burst (no workspace latency table, no throughput, no request-thread run)
//   --search-only  only the search box's queries in the latency table (issue 39's "search p99 on the
//              1M-report database"), then stop
//   --burst    PDFs downloading at once in the burst (default 20)
//   --read-rate the other workspace's reads during the burst section (its quiet and busy phases),
//              in requests a second across its connections (default 50; 0: as fast as they go, as
//              before decision 0040). Paced, so how fast the machine is at that moment does not
//              decide how much the server allocates (and keeps) before the burst; latencies are
//              corrected for coordinated omission (autocannon's overallRate)
//   --memory-split  print where the server's memory was at its peak RSS during the burst (request
//              thread's V8 heap and buffers, the PDF worker's, the native rest; bench/lib/memory-probe.cjs)
// SCALE_DB names the database (default scale_bench), so parallel checkouts do not share one.
// SCALE_SERVER_NODE_OPTIONS adds Node/V8 flags to the measured servers only (not to this process,
// which generates the load), e.g. "--max-semi-space-size=8", to compare runtime settings.
// Needs PostgreSQL at SCALE_PG (default postgres://postgres@127.0.0.1:5432) with createdb rights.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { ALLOCATOR_ENV, serverNodeArgs } from "../scripts/allocator-env.mjs";
import { freePort, startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    reuse: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    reports: { type: "string", default: "1000000" },
    "pdf-only": { type: "boolean", default: false },
    burst: { type: "string", default: "20" },
    "memory-split": { type: "boolean", default: false },
    "read-rate": { type: "string", default: "50" },
    "search-only": { type: "boolean", default: false },
  },
});
const PDF_ONLY = values["pdf-only"];
const SEARCH_ONLY = values["search-only"];
const BURST = Math.max(1, Number(values.burst));
const DURATION = Math.max(2, Number(values.duration));
const CONNECTIONS = Math.max(1, Number(values.connections));
const READ_RATE = Math.max(0, Number(values["read-rate"]) || 0);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const pg = require("pg");
const sharp = require("sharp");

const PG = (process.env.SCALE_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const DB_NAME = process.env.SCALE_DB ?? "scale_bench";
const DATABASE_URL = `${PG}/${DB_NAME}`;
const TOTAL = Math.max(10_000, Number(values.reports));
const WORKSPACES = 1_000;
const LARGE = Math.min(100_000, Math.floor(TOTAL / 10));
const SMALL = Math.min(1_000, Math.floor(TOTAL / 100));
const PASSWORD = "scale-bench-password-2026";
// One signing secret for every instance: a session made through one is valid on the others.
// The PDF burst stands for 20 people downloading at once, but comes from one account: lift the
// per-account limit (PDFS_PER_USER, 3 by default) so it is not answered 429.
// The write budgets (issue 22) are lifted too: generation uploads 20 photos of 12 MP in one request.
// Every server of the run shares one DATA_DIR: the burst's photos, stored while generating, must
// be there for the servers that make its PDFs (each server used to get a fresh, empty one).
const FILES_DIR = path.join(tmpdir(), `${DB_NAME}-data`);
const MEMORY_SPLIT = values["memory-split"] ? path.join(tmpdir(), `${DB_NAME}-memory-${process.pid}.json`) : undefined;
mkdirSync(FILES_DIR, { recursive: true });
const SERVER_ENV = {
  DATABASE_URL,
  DATA_DIR: FILES_DIR,
  APP_SECRET: "scale-bench-secret-scale-bench-secret-0018",
  PDFS_PER_USER: String(Math.max(20, Number(values.burst))),
  WRITE_MB_PER_MINUTE: "100000",
  WORKSPACE_WRITE_MB_PER_MINUTE: "100000",
};

const log = (line) => process.stdout.write(`${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

async function admin(sqlText) {
  const client = new pg.Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

async function withDb(fn) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function databaseIsComplete() {
  const exists = await admin(`select 1 from pg_database where datname = '${DB_NAME}'`);
  if (exists.rowCount === 0) return false;
  return withDb(async (c) => {
    const r = await c.query("select count(*)::int as n from snagging_reports").catch(() => ({ rows: [{ n: 0 }] }));
    const marker = await c.query("select count(*)::int as n from users where email like 'scale-%@example.com'");
    const kept = await c
      .query("select coalesce(sum(n), 0)::int as n from report_status_counts")
      .catch(() => ({ rows: [{ n: 0 }] }));
    return r.rows[0].n === TOTAL + 1 && marker.rows[0].n === 2 && kept.rows[0].n === TOTAL + 1;
  });
}

async function call(base, method, url, { token, body, form } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.headers.get("content-type")?.includes("json") ? res.json() : res.arrayBuffer();
}

/**
 * 20 photo-like JPEGs of 12 MP (4000x3000, a few MB each: fine detail everywhere, like a site
 * photo), the worst case the PDF burst's report can hold: each is stored as a 2,048 px display copy.
 */
async function photos() {
  const [w, h] = [4000, 3000];
  const out = [];
  for (let i = 0; i < 20; i += 1) {
    const noise = Buffer.alloc(w * h * 3);
    let x = (i + 1) * 2654435761;
    for (let p = 0; p < noise.length; p += 1) {
      x = (x * 1103515245 + 12345) >>> 0;
      noise[p] = ((x >>> 25) + ((p / (w * 3)) | 0) / 12 + i * 9) & 0xff;
    }
    out.push(
      await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
        .blur(0.8)
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return out;
}

/** The server's resident memory in MB (Linux /proc), or null elsewhere. */
function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function generate() {
  log(`Generating ${TOTAL.toLocaleString("en")} reports in ${WORKSPACES} workspaces (database ${DB_NAME})…`);
  const started = performance.now();
  await admin(`drop database if exists ${DB_NAME}`);
  await admin(`create database ${DB_NAME}`);
  rmSync(FILES_DIR, { recursive: true, force: true });
  mkdirSync(FILES_DIR, { recursive: true });
  // The server creates the schema (migrations) and the two accounts the bench signs in with.
  const server = await startServer(root, SERVER_ENV);
  const accounts = {};
  for (const name of ["large", "small"]) {
    const email = `scale-${name}@example.com`;
    const session = await call(server.url, "POST", "/api/auth/register", {
      body: { firstName: "Scale", lastName: name, email, password: PASSWORD },
    });
    accounts[name] = session.user;
  }
  // The PDF burst's report: 20 real photos through the API (stored, hashed, thumbnailed).
  const token = (
    await call(server.url, "POST", "/api/auth/login", {
      body: { email: "scale-large@example.com", password: PASSWORD },
    })
  ).accessToken;
  const project = (await call(server.url, "POST", "/api/projects", { token, body: { name: "PDF burst" } })).project;
  const form = new FormData();
  form.set("projectId", project.id);
  form.set("priority", "high");
  form.set("description", "Twenty photos for the PDF burst");
  const jpegs = await photos();
  for (const [i, jpeg] of jpegs.entries()) form.append("images", new Blob([jpeg], { type: "image/jpeg" }), `p${i}.jpg`);
  const made = await call(server.url, "POST", "/api/snagging", { token, form });
  const stored = made.report.attachments.reduce((sum, a) => sum + a.size_bytes, 0);
  log(
    `  the burst's report: 20 photos of 12 MP (${(jpegs.reduce((s, j) => s + j.length, 0) / 1e6).toFixed(0)} MB sent), display copies ${(stored / 1e6).toFixed(1)} MB stored`,
  );
  await server.stop();
  log(`  schema, accounts and the 20-photo report: ${seconds(performance.now() - started)}`);

  await withDb(async (c) => {
    const step = async (label, text, params = []) => {
      const t0 = performance.now();
      const r = await c.query(text, params);
      log(`  ${label}: ${r.rowCount ?? 0} rows, ${seconds(performance.now() - t0)}`);
    };
    const now = Math.floor(Date.now() / 1000);
    // Workspaces: the two real ones get ranks 1 (large) and 2 (small); 998 more are made here.
    await step(
      "workspaces + owners",
      `with ws as (
         insert into workspaces (id, name, is_demo, expires_at, created_at)
         select gen_random_uuid()::text, 'Contractor ' || g, 0, null, $1 - g * 3600 from generate_series(3, ${WORKSPACES}) g
         returning id, created_at)
       insert into users (id, workspace_id, email, password_hash, first_name, last_name, role, membership_type,
                          membership_amount, created_at, workspace_role, search_text)
       select gen_random_uuid()::text, id, 'owner-' || id || '@example.com', 'x', 'Owner', 'Bulk', 'user', 'free', 0, created_at, 'owner',
              'owner' || chr(10) || 'bulk' || chr(10) || 'owner-' || id || '@example.com'
       from ws`,
      [now],
    );
    await c.query(
      "create temporary table wsrank as select w.id as workspace_id, u.id as user_id, row_number() over (order by (u.email = 'scale-large@example.com') desc, (u.email = 'scale-small@example.com') desc, w.created_at) as rank from workspaces w join users u on u.workspace_id = w.id and u.workspace_role = 'owner'",
    );
    await c.query("create index on wsrank (rank)");
    // Projects: 50 in the large workspace, 5 in every other.
    await step(
      "projects",
      `insert into projects (id, workspace_id, name, description, location, client_name, status, created_by, created_at, updated_at, search_text)
       select gen_random_uuid()::text, r.workspace_id, 'Site ' || g, '', 'Leeds', 'Client ' || g, 'active', r.user_id, $1 - g * 60, $1 - g * 60,
              'site ' || g || chr(10)
       from wsrank r cross join lateral generate_series(1, case when r.rank = 1 then 50 else 5 end) g`,
      [now],
    );
    await c.query(
      "create temporary table projrank as select id, workspace_id, row_number() over (partition by workspace_id order by id) - 1 as n, count(*) over (partition by workspace_id) as of from projects",
    );
    await c.query("create index on projrank (workspace_id, n)");
    // Bulk load with this session's triggers suspended (`session_replication_role = replica`, as
    // bench:locations does; the server's connections keep theirs): what they would have written —
    // the kept status counts (0006), the tree versions (0047), the search documents (0051) and the
    // overview's tallies (0055) — is computed once, set-wise, after the reports.
    await c.query("set session_replication_role = replica");
    // Locations in the two measured workspaces' projects: 8 levels of 6 flats ("Level 3 > Flat 3.04"),
    // each report at a flat, so the search box finds reports by their location's path.
    await step(
      "locations (levels)",
      `insert into locations (id, workspace_id, project_id, parent_id, parent_key, name, name_key, code, position, depth,
                              path, sheet_id, created_by, created_at, updated_at)
       select gen_random_uuid()::text, p.workspace_id, p.id, null, '', 'Level ' || l, 'level ' || l, null, l, 0,
              'Level ' || l, null, null, $1, $1
       from projrank p join wsrank r on r.workspace_id = p.workspace_id and r.rank <= 2
       cross join generate_series(0, 7) l`,
      [now],
    );
    await step(
      "locations (flats)",
      `insert into locations (id, workspace_id, project_id, parent_id, parent_key, name, name_key, code, position, depth,
                              path, sheet_id, created_by, created_at, updated_at)
       select gen_random_uuid()::text, v.workspace_id, v.project_id, v.id, v.id, 'Flat ' || v.position || '.0' || f,
              'flat ' || v.position || '.0' || f, null, f, 1, v.path || ' > Flat ' || v.position || '.0' || f, null, null, $1, $1
       from locations v cross join generate_series(1, 6) f where v.depth = 0 and v.name like 'Level %'`,
      [now],
    );
    await step(
      "location closure",
      `insert into location_closure (ancestor_id, descendant_id, distance)
       select id, id, 0 from locations union all select parent_id, id, 1 from locations where parent_id is not null`,
    );
    await c.query(
      "create temporary table flats as select project_id, id, row_number() over (partition by project_id order by path) - 1 as n from locations where depth = 1",
    );
    await c.query("create index on flats (project_id, n)");
    // Reports: n-th report of a workspace; rank 1 gets 100,000, rank 2 gets 1,000, the other 998
    // share the rest. Status, priority and dates are spread deterministically.
    const rest = TOTAL - LARGE - SMALL;
    const perOther = Math.floor(rest / (WORKSPACES - 2));
    const spill = rest - perOther * (WORKSPACES - 2);
    await step(
      "reports",
      // search_text as the app writes it (shared/search.ts): the generated text is ASCII, so lower() folds it.
      `insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category,
                                     assigned_to, created_by, due_date, location_lat, location_lng, page_url, created_at, updated_at,
                                     location_id, search_text)
       select x.*, lower(x.title || chr(10) || x.description) from (
       select gen_random_uuid()::text, r.workspace_id, p.id, 'SNAG-B-' || g,
              (array['Cracked tile','Loose handrail','Leaking trap','Missing sealant','Scuffed paint','Faulty socket'])[1 + g % 6]
                || ' at level ' || (g % 40) || ', unit ' || g
                -- A rare word: one report in a thousand.
                || case when g % 1000 = 7 then ', efflorescence on the brickwork' else '' end,
              (array['open','in-progress','resolved','closed'])[1 + (g * 7) % 4],
              (array['critical','high','medium','low'])[1 + (g * 3) % 4],
              (array['safety','finish','plumbing','electrical','structural','hvac','other'])[1 + g % 7],
              r.user_id, r.user_id, null::bigint, 53.48 + (g % 100) / 10000.0, -2.24, null::text,
              $1 - 86400 * 30 - g * 17, $1 - 86400 * 30 - g * 17, f.id
       from wsrank r
       cross join lateral generate_series(1, case when r.rank = 1 then ${LARGE} when r.rank = 2 then ${SMALL}
                                                  when r.rank = 3 then ${perOther + spill} else ${perOther} end) g
       join projrank p on p.workspace_id = r.workspace_id and p.n = g % p.of
       left join flats f on r.rank <= 2 and f.project_id = p.id and f.n = g % 48) x (id, workspace_id, project_id, title,
         description, status, priority, category, assigned_to, created_by, due_date, location_lat, location_lng, page_url,
         created_at, updated_at, location_id)`,
      [now],
    );
    await c.query("set session_replication_role = origin");
    // The search documents with the upsert of the trigger function `search_sync_report` itself
    // (reference, description, location path, trade name), read from the database.
    const source = (await c.query("select prosrc from pg_proc where proname = 'search_sync_report'")).rows[0]?.prosrc;
    const upsert = /else\s+(insert into search_documents[\s\S]*?);\s*end if/.exec(source ?? "")?.[1];
    if (!upsert?.includes("where x.id = new.id")) throw new Error("search_sync_report has changed: update the bench");
    await step("search index", upsert.replace("where x.id = new.id", "where true"));
    await step(
      "tree versions",
      `update projects p set tree_version = p.tree_version + c.n
       from (select project_id, count(*) as n from (select project_id from locations
             union all select project_id from snagging_reports where location_id is not null) x group by project_id) c
       where p.id = c.project_id`,
    );
    const structure = await c.query(
      "select 1 from information_schema.columns where table_name = 'projects' and column_name = 'locations_version'",
    );
    if (structure.rows.length > 0)
      await step(
        "structure versions",
        `update projects p set locations_version = p.locations_version + c.n
         from (select project_id, count(*) as n from locations group by project_id) c where p.id = c.project_id`,
      );
    await step("overview tallies", "select report_tallies_rebuild(null)");
    await step(
      "kept status counts",
      `insert into report_status_counts (workspace_id, status, n)
       select workspace_id, status, count(*) from snagging_reports group by workspace_id, status
       on conflict (workspace_id, status) do update set n = excluded.n`,
    );
    // Photos on every 4th report of the two measured workspaces (rows only: the list shows them).
    await step(
      "attachments",
      `insert into attachments (id, report_id, workspace_id, storage_key, thumbnail_key, original_name, content_type,
                                size_bytes, position, created_at, sha256, width, height)
       select gen_random_uuid()::text, s.id, s.workspace_id, 'missing.jpg', 'missing-thumb.jpg', 'photo.jpg', 'image/jpeg',
              1000, 0, s.created_at, null, 1600, 1200
       from snagging_reports s join wsrank r on r.workspace_id = s.workspace_id and r.rank <= 2
       where s.title like 'SNAG-B-%' and (substring(s.title from 8)::int % 4) = 0`,
    );
    await step("vacuum analyze", "vacuum analyze");
  });
  log(`Generated in ${seconds(performance.now() - started)}.`);
}

async function measure(url, { token, connections = CONNECTIONS, duration = DURATION, rate = 0 } = {}) {
  const result = await autocannon({
    url,
    connections,
    duration,
    ...(rate > 0 ? { overallRate: rate } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed requests (non-2xx ${result.non2xx}, errors ${result.errors})`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const cursorOf = (created, id) => Buffer.from(JSON.stringify([Number(created), id])).toString("base64url");

function startHaproxy(port, backends) {
  const dir = mkdtempSync(path.join(tmpdir(), "scale-haproxy-"));
  const cfg = path.join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 1000",
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 60s",
      "  timeout server 60s",
      "frontend web",
      `  bind 127.0.0.1:${port}`,
      "  default_backend app",
      "backend app",
      "  balance roundrobin",
      ...backends.map((b, i) => `  server s${i} ${new URL(b).host}`),
      "",
    ].join("\n"),
  );
  const child = spawn("haproxy", ["-f", cfg, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
  return {
    url: `http://127.0.0.1:${port}`,
    async ready() {
      for (let i = 0; i < 100; i += 1) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("haproxy did not start");
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  if (!(values.reuse && (await databaseIsComplete()))) await generate();
  else log(`Reusing database ${DB_NAME}.`);

  const nodeOptions = [
    process.env.NODE_OPTIONS,
    process.env.SCALE_SERVER_NODE_OPTIONS,
    MEMORY_SPLIT ? `--require ${path.join(root, "bench/lib/memory-probe.cjs")}` : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  const probe = {
    ...(MEMORY_SPLIT ? { MEMPROBE_OUT: MEMORY_SPLIT } : {}),
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
  const server = await startServer(root, { ...SERVER_ENV, ...probe });
  const servers = [server];
  try {
    const base = server.url;
    const login = async (name) =>
      (
        await call(base, "POST", "/api/auth/login", {
          body: { email: `scale-${name}@example.com`, password: PASSWORD },
        })
      ).accessToken;
    const rows = {};
    for (const name of ["small", "large"]) {
      const token = await login(name);
      const size = name === "large" ? LARGE : SMALL;
      const picks = await withDb(async (c) => {
        const ws = (await c.query("select workspace_id from users where email = $1", [`scale-${name}@example.com`]))
          .rows[0].workspace_id;
        // The later page starts 60% of the way down the list; the detail is a report in the middle.
        const later = (
          await c.query(
            "select created_at, id from snagging_reports where workspace_id = $1 order by created_at desc, id desc offset $2 limit 1",
            [ws, Math.floor(size * 0.6)],
          )
        ).rows[0];
        const middle = (
          await c.query(
            "select id from snagging_reports where workspace_id = $1 order by created_at desc, id desc offset $2 limit 1",
            [ws, Math.floor(size / 2)],
          )
        ).rows[0];
        return { cursor: cursorOf(later.created_at, later.id), detail: middle.id };
      });
      // The search box (issue 39): a word in a sixth of the reports' descriptions, two words, a
      // reference, a location's name (every report is at a flat), a word in one report in a thousand,
      // and two letters typed (a prefix of words in most reports).
      const search = {
        "search, common word": `/api/search?q=cracked`,
        "search, two words": `/api/search?q=${encodeURIComponent("leaking level 3")}`,
        "search, reference": `/api/search?q=SNAG-B-${Math.max(1, Math.floor(size / 2))}`,
        "search, location name": `/api/search?q=${encodeURIComponent("flat 3.04")}`,
        "search, rare word": `/api/search?q=efflorescence`,
        "search, 2-letter prefix": `/api/search?q=le`,
      };
      const endpoints = SEARCH_ONLY
        ? search
        : {
            "list, first page": `/api/snagging?limit=50`,
            "list, later page (cursor)": `/api/snagging?limit=50&cursor=${picks.cursor}`,
            detail: `/api/snagging/${picks.detail}`,
            "status filter (resolved)": `/api/snagging?limit=50&status=resolved`,
            "dashboard counts": `/api/snagging/counts`,
            "project count": `/api/projects/count`,
            ...search,
          };
      rows[name] = {};
      rows[name].token = token;
      if (PDF_ONLY) continue;
      // Warm-up (JIT, connection pool, PostgreSQL's cache), not counted.
      for (const url of Object.values(endpoints)) await measure(base + url, { token, duration: 2 });
      for (const [label, url] of Object.entries(endpoints)) rows[name][label] = await measure(base + url, { token });
    }

    if (!PDF_ONLY) log("");
    if (!PDF_ONLY)
      log(
        `Workspace latency, one instance, ${CONNECTIONS} connections, ${DURATION} s each (p50 / p99 ms, req/s); large/small p99 ratio (target <= 1.5)`,
      );
    if (!PDF_ONLY)
      log(
        `${"endpoint".padEnd(28)} ${`${SMALL.toLocaleString("en")} reports`.padEnd(24)} ${`${LARGE.toLocaleString("en")} reports`.padEnd(24)} ratio`,
      );
    for (const label of Object.keys(rows.small).filter((k) => k !== "token")) {
      const s = rows.small[label];
      const l = rows.large[label];
      const fmt = (m) => `${m.p50} / ${m.p99} ms, ${Math.round(m.rps)}/s`.padEnd(24);
      log(`${label.padEnd(28)} ${fmt(s)} ${fmt(l)} ${(l.p99 / Math.max(1, s.p99)).toFixed(2)}`);
    }

    if (SEARCH_ONLY) return;

    // Reads during a PDF burst: 20 PDFs of the 20-photo report kept generating, vs none; on this
    // instance (worker pool) and, for comparison, on one rendering on the request thread
    // (PDF_WORKERS=0, the behaviour before the pool).
    const tokenLarge = rows.large.token;
    const burstReport = (
      await call(base, "GET", "/api/snagging?limit=50&search=Twenty%20photos", { token: tokenLarge })
    ).reports[0];
    async function burstFigures(target, pid) {
      const readUrl = `${target}/api/snagging?limit=50`;
      const paced = { token: rows.small.token, rate: READ_RATE };
      await measure(readUrl, { ...paced, duration: 2 }); // warm-up
      const quiet = await measure(readUrl, paced);
      const rssBefore = rssMb(pid);
      let rssPeak = rssBefore ?? 0;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssMb(pid) ?? 0);
      }, 50);
      let done = 0;
      let bytes = 0;
      let running = true;
      const started = performance.now();
      const burst = Array.from({ length: BURST }, async () => {
        while (running) {
          const pdf = await call(target, "GET", `/api/snagging/${burstReport.id}/download-pdf`, { token: tokenLarge });
          bytes = pdf.byteLength;
          done += 1;
        }
      });
      // Let the requests reach the server before measuring.
      await new Promise((r) => setTimeout(r, 500));
      const busy = await measure(readUrl, paced);
      running = false;
      await Promise.all(burst);
      clearInterval(sampler);
      return { quiet, busy, done, bytes, rssBefore, rssPeak, seconds: (performance.now() - started) / 1000 };
    }
    let figures = { pool: await burstFigures(base, server.pid) };
    if (!PDF_ONLY) {
      const inline = await startServer(root, { ...SERVER_ENV, PDF_WORKERS: "0" });
      try {
        figures = { ...figures, inline: await burstFigures(inline.url, inline.pid) };
      } finally {
        await inline.stop();
      }
    }
    log("");
    log(
      `Reads (list first page, ${SMALL.toLocaleString("en")}-report workspace, ${READ_RATE > 0 ? `paced at ${READ_RATE} req/s` : "unpaced"}) while ${BURST} PDFs (20 photos of 12 MP each) generate continuously; server RSS (target < 400 MB)`,
    );
    for (const [name, f] of Object.entries(figures)) {
      if (f.busy.rps === 0) {
        log(
          `  ${name === "pool" ? "worker pool (default)  " : "request thread (before)"}  without: p50 ${f.quiet.p50} ms, p99 ${f.quiet.p99} ms, ${Math.round(f.quiet.rps)} req/s; during: no read completed in ${DURATION} s (stalled); ${f.done} PDFs in ${f.seconds.toFixed(1)} s; RSS ${f.rssBefore} MB before, peak ${f.rssPeak} MB`,
        );
        continue;
      }
      log(
        `  ${name === "pool" ? "worker pool (default)  " : "request thread (before)"}  without: p50 ${f.quiet.p50} ms, p99 ${f.quiet.p99} ms, ${Math.round(f.quiet.rps)} req/s; during: p50 ${f.busy.p50} ms, p99 ${f.busy.p99} ms, ${Math.round(f.busy.rps)} req/s; p99 ratio ${(f.busy.p99 / Math.max(1, f.quiet.p99)).toFixed(2)} (target <= 2); ${f.done} PDFs of ${(f.bytes / 1e6).toFixed(1)} MB in ${f.seconds.toFixed(1)} s; RSS ${f.rssBefore} MB before, peak ${f.rssPeak} MB (target < 400)`,
      );
    }
    // The allocator settings the server ran with (decision 0019: they decide a good part of the RSS).
    const allocator = Object.keys(ALLOCATOR_ENV)
      .concat("MALLOC_MMAP_THRESHOLD_", "LD_PRELOAD")
      .map((k) => ((process.env[k] ?? ALLOCATOR_ENV[k]) ? `${k}=${process.env[k] ?? ALLOCATOR_ENV[k]}` : null))
      .filter(Boolean)
      .join(" ");
    log(`  server allocator: ${allocator || "glibc defaults"} (scripts/allocator-env.mjs, as npm start runs it)`);
    log(
      `  server Node flags: ${[...serverNodeArgs({ ...process.env, NODE_OPTIONS: process.env.SCALE_SERVER_NODE_OPTIONS }), process.env.SCALE_SERVER_NODE_OPTIONS].filter(Boolean).join(" ") || "none"} (scripts/allocator-env.mjs)`,
    );
    if (MEMORY_SPLIT) {
      try {
        const m = JSON.parse(readFileSync(MEMORY_SPLIT, "utf8"));
        const workers = m.workers.map((w) => `${w.name} heap ${w.heapTotal} MB + external ${w.external} MB`).join("; ");
        const known = m.heapTotal + m.external + m.workers.reduce((s, w) => s + w.heapTotal + w.external, 0);
        log(
          `  at peak RSS ${m.rss} MB (anonymous ${m.smaps?.anon} MB): request thread heap ${m.heapTotal} MB + external ${m.external} MB (ArrayBuffers ${m.arrayBuffers} MB); ${workers || "no worker"}; native rest ~${(m.smaps?.anon ?? m.rss) - known} MB; every second: ${MEMORY_SPLIT}.series`,
        );
      } catch (error) {
        log(`  memory split: none recorded (${error.message})`);
      }
    }
    const readUrl = `${base}/api/snagging?limit=50`;
    if (PDF_ONLY) return;

    // Read throughput: one instance direct, then through HAProxy with one and with two instances.
    log("");
    const direct = await measure(readUrl, { token: rows.small.token, connections: 20 });
    log(
      `Read throughput (list first page, 20 connections): one instance direct ${Math.round(direct.rps)} req/s, p99 ${direct.p99} ms`,
    );
    const haproxyPath = await new Promise((resolve) => {
      const probe = spawn("haproxy", ["-v"], { stdio: "ignore" });
      probe.once("error", () => resolve(false));
      probe.once("exit", (code) => resolve(code === 0));
    });
    if (!haproxyPath) {
      log("  haproxy not installed: balancer figures skipped");
    } else {
      for (const count of [1, 2]) {
        while (servers.length < count) servers.push(await startServer(root, SERVER_ENV));
        const balancer = startHaproxy(
          await freePort(),
          servers.slice(0, count).map((s) => s.url),
        );
        try {
          await balancer.ready();
          const through = await measure(`${balancer.url}/api/snagging?limit=50`, {
            token: rows.small.token,
            connections: 20,
          });
          log(
            `  HAProxy round-robin, ${count} instance(s): ${Math.round(through.rps)} req/s, p50 ${through.p50} ms, p99 ${through.p99} ms`,
          );
        } finally {
          await balancer.stop();
        }
      }
    }
    log("");
    log(
      `Placement: PostgreSQL, every server instance, HAProxy and the load generator (autocannon) share this machine's ${availableParallelism()} cores (with other work); figures are relative, not capacity.`,
    );
  } finally {
    for (const s of servers) await s.stop();
    if (!values.keep) {
      await admin(`drop database if exists ${DB_NAME}`);
      rmSync(FILES_DIR, { recursive: true, force: true });
      log(`Dropped database ${DB_NAME} and ${FILES_DIR} (pass --keep to keep them, then --reuse).`);
    }
  }
}

await main();
