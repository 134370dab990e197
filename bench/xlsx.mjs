// Excel export benchmark (issue 37): GET /api/snagging/export/xlsx of 10,000 and of 100,000
// reports, with their trade, location path, due dates and names. Starts the built server on a
// free port with a fresh SQLite data folder (or DATABASE_URL: a scratch PostgreSQL database, which
// the bench writes to), seeds the rows with SQL, then downloads each workbook as a client would,
// reading the stream as it comes and sampling the server's RSS every 25 ms. Prints the time to
// the first byte and to the last, the size, and the server's RSS growth at its peak (budget:
// 100 MB for 100,000 rows; the export is streamed, so it should not grow with the row count).
// The workbook of 10,000 rows is read back (read-excel-file) to check it holds every row.
// --baseline <checkout> (SQLite only) also runs an older built checkout, its own server and data,
// and --rounds N (default 1) downloads alternate between the two, so a before/after pair comes
// from one run on the same machine load (decision 0087).
// Usage: npm run build && npm run bench:xlsx [-- --baseline ../old --rounds 2]
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({ options: { baseline: { type: "string" }, rounds: { type: "string", default: "1" } } });
const ROUNDS = Math.max(1, Number(values.rounds));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl && values.baseline) throw new Error("--baseline runs on SQLite only (each server its own data)");
const checkouts = [
  ...(values.baseline ? [{ name: "before", root: path.resolve(values.baseline) }] : []),
  { name: values.baseline ? "after" : "app", root },
];
// The checkout being set up or measured: `server` and `dataDir` below are its.
let server;
let dataDir;
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0);

async function call(method, url, { token, body } = {}) {
  const res = await fetch(server.url + url, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

const COLUMNS = [
  "id",
  "workspace_id",
  "project_id",
  "title",
  "description",
  "status",
  "priority",
  "category",
  "assigned_to",
  "created_by",
  "created_at",
  "updated_at",
  "search_text",
  "due_date",
  "location_id",
];
const STATUSES = ["open", "in-progress", "resolved", "closed"];
const PRIORITIES = ["critical", "high", "medium", "low"];
const TRADES = ["plumbing", "electrical", "finish", "structural", "hvac", "safety", "other"];

/** `count` reports on the project, spread over statuses, priorities, trades, the locations and time. */
async function seed({ workspaceId, projectId, userId, locations }, count, from = 0) {
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const title = `SNAG-20261101-${String(i).padStart(6, "0")}`;
    const description = `📷 Photo 1 - Flat ${i % 400}: Cracked tile by the sink, grout missing along the wall (${i})`;
    return [
      randomUUID(),
      workspaceId,
      projectId,
      title,
      description,
      STATUSES[i % 4],
      PRIORITIES[(i >> 2) % 4],
      TRADES[i % TRADES.length],
      userId,
      userId,
      now - i * 60,
      now,
      `${title} ${description}`.toLowerCase(),
      i % 3 === 0 ? null : now + ((i % 60) - 30) * 86_400,
      locations[i % locations.length],
    ];
  });
  const sql = `insert into snagging_reports (${COLUMNS.join(", ")}) values `;
  if (databaseUrl) {
    const pg = require("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("begin");
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const w = COLUMNS.length;
      const tuples = chunk.map((_, j) => `(${Array.from({ length: w }, (_, k) => `$${j * w + k + 1}`).join(",")})`);
      await client.query(sql + tuples.join(","), chunk.flat());
    }
    await client.query("commit");
    await client.end();
    return;
  }
  const Database = require("better-sqlite3");
  const db = new Database(path.join(dataDir, "sitesnag.db"));
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare(`${sql}(${Array(COLUMNS.length).fill("?").join(",")})`);
  db.transaction(() => {
    for (const r of rows) insert.run(...r);
  })();
  db.close();
}

/** Downloads the workbook, reading it as it streams; answers timings, bytes and the RSS peak. */
async function download(url, token, keep) {
  const before = rssKb();
  let high = before;
  const sampler = setInterval(() => (high = Math.max(high, rssKb())), 25);
  const start = performance.now();
  const res = await call("GET", url, { token });
  let first = 0;
  let bytes = 0;
  const parts = [];
  for await (const chunk of res.body) {
    if (first === 0) first = performance.now() - start;
    bytes += chunk.length;
    if (keep) parts.push(chunk);
  }
  const total = performance.now() - start;
  clearInterval(sampler);
  high = Math.max(high, rssKb());
  return { first, total, bytes, growthMb: (high - before) / 1024, body: keep ? Buffer.concat(parts) : null };
}

/** Starts the checkout's server with 100,000 reports: 10,000 in one project, 90,000 in another. */
async function prepare(checkout) {
  checkout.dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-xlsx-"));
  dataDir = checkout.dataDir;
  server = checkout.server = await startServer(checkout.root, { DATA_DIR: dataDir });
  const email = `bench.xlsx.${Date.now()}@example.com`;
  const auth = await (
    await call("POST", "/api/auth/register", {
      body: { firstName: "Bench", lastName: "Excel", email, password: "bench-password-1" },
    })
  ).json();
  const token = auth.accessToken;
  const workspaceId = auth.user.workspaceId;
  const userId = auth.user.id;
  const project = async (name) =>
    (await (await call("POST", "/api/projects", { token, body: { name } })).json()).project;
  const small = await project("Ten thousand");
  const large = await project("Ninety thousand");
  // A small location tree per project: Block / Level / Flat, so each row carries a path.
  const tree = async (projectId) => {
    const ids = [];
    const block = await (
      await call("POST", `/api/projects/${projectId}/locations`, { token, body: { name: "Block A" } })
    ).json();
    for (let level = 1; level <= 4; level += 1) {
      const l = await (
        await call("POST", `/api/projects/${projectId}/locations`, {
          token,
          body: { name: `Level ${level}`, parentId: block.location.id },
        })
      ).json();
      ids.push(l.location.id);
    }
    return ids;
  };
  const seeded = performance.now();
  await seed({ workspaceId, projectId: small.id, userId, locations: await tree(small.id) }, 10_000);
  await seed({ workspaceId, projectId: large.id, userId, locations: await tree(large.id) }, 90_000, 10_000);
  console.log(
    `${checkout.name}: Excel export (${databaseUrl ? "PostgreSQL" : "SQLite"}): 100,000 reports seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  // A warm-up, so the first figure is not the server's first query plans and JIT.
  await download(`/api/snagging/export/xlsx?projectId=${small.id}&status=closed`, token, false);
  return { token, small };
}

/** One round on the checkout's server: the 10,000-row workbook (read back) and the 100,000-row one. */
async function measure(checkout) {
  server = checkout.server;
  dataDir = checkout.dataDir;
  const { token, small } = checkout.setup;
  const ten = await download(`/api/snagging/export/xlsx?projectId=${small.id}`, token, true);
  const hundred = await download("/api/snagging/export/xlsx", token, false);
  const readXlsxFile = require("read-excel-file/node").default;
  const sheets = await readXlsxFile(ten.body);
  const rows = sheets.find((s) => s.sheet === "Reports")?.data.length ?? 0;
  if (rows !== 10_001) throw new Error(`${checkout.name}: the 10,000-row workbook holds ${rows - 1} rows`);
  ten.body = null;
  return { ten, hundred, rows: rows - 1 };
}

try {
  for (const checkout of checkouts) checkout.setup = await prepare(checkout);
  const results = new Map(checkouts.map((c) => [c.name, []]));
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const checkout of checkouts) results.get(checkout.name).push(await measure(checkout));
  }
  let over = false;
  for (const checkout of checkouts) {
    console.log(`${checkout.name} (${checkout.root})`);
    for (const [i, { ten, hundred, rows }] of results.get(checkout.name).entries()) {
      for (const [label, r] of [
        ["10,000 rows ", ten],
        ["100,000 rows", hundred],
      ]) {
        console.log(
          `  round ${i + 1}, ${label}: first byte ${r.first.toFixed(0)} ms, whole file ${(r.total / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(1)} MB, server RSS +${r.growthMb.toFixed(0)} MB at peak`,
        );
      }
      console.log(`  round ${i + 1}, read back: the 10,000-row workbook holds ${rows} rows (read-excel-file)`);
      if (checkout === checkouts[checkouts.length - 1] && hundred.growthMb > 100) over = true;
    }
  }
  console.log(`  budget: RSS growth ≤ 100 MB for 100,000 rows: ${over ? "OVER" : "within"}`);
  if (over) process.exitCode = 1;
} finally {
  for (const checkout of checkouts) {
    await checkout.server?.stop();
    if (checkout.dataDir) rmSync(checkout.dataDir, { recursive: true, force: true });
  }
}
