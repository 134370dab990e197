// Weekly report benchmark (issue 37): the built server on a scratch PostgreSQL database, one
// project of 2,000 snags seeded straight into the database (open, in progress, awaiting
// verification, closed; spread over 40 places and 8 members; each with a ~20 KB JPEG thumbnail,
// the closed ones of the last week with a before/after pair), then "Send me a preview" timed
// (the request answers once the PDF is rendered, stored and the message queued), the server's
// resident memory sampled every 50 ms meanwhile, and the PDF's pages and size read back from the
// .eml the mail queue wrote. Targets: ≤ 20 s, memory flat (growth bounded, not with the project).
//
// --repeat N renders N times in the same server process. After each, once the .eml is written,
// a forced settle (lib/settle.mjs: a full collection in the request thread and in the PDF worker,
// through the inspector) and then RSS and each thread's V8 heap: what the process still holds,
// render after render (decision 0087). --baseline <checkout> also runs an older built checkout,
// its own server and database, its renders interleaved with this one's, so both see the same load.
// Usage: npm run build -w apps/server && npm run bench:weekly-report [-- --snags 2000 --repeat 4 --baseline ../old]
// PostgreSQL: WEEKLY_PG (default postgres://postgres@127.0.0.1:5432); a database per server is made and dropped.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";
import { inspectArgs, settle } from "./lib/settle.mjs";

const { values } = parseArgs({
  options: {
    snags: { type: "string", default: "2000" },
    repeat: { type: "string" },
    // The old name of --repeat.
    runs: { type: "string" },
    baseline: { type: "string" },
    // --no-settle: no forced collection between renders, as in production (each render then starts
    // with the garbage of the last one still in the heaps); the settled columns are left empty.
    settle: { type: "boolean", default: true },
  },
  allowNegative: true,
});
const SNAGS = Math.max(100, Number(values.snags));
const REPEAT = Math.max(1, Number(values.repeat ?? values.runs ?? "3"));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverRequire = createRequire(path.join(root, "apps/server/package.json"));
const pg = serverRequire("pg");
const sharp = serverRequire("sharp");
const { simpleParser } = createRequire(path.join(root, "e2e/package.json"))("mailparser");
const PG = (process.env.WEEKLY_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const log = (line) => process.stdout.write(`${line}\n`);
const DAY = 24 * 60 * 60;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function admin(text) {
  const client = new pg.Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const rssMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const checkouts = [
  ...(values.baseline ? [{ name: "before", root: path.resolve(values.baseline) }] : []),
  { name: values.baseline ? "after" : "app", root },
];

/** A server of `checkout` on a database of its own, with the project seeded; answers how to send. */
async function prepare(checkout, n) {
  const db = `weekly_bench_${process.pid}_${n}`;
  await admin(`create database ${db}`);
  checkout.db = db;
  const inspector = await inspectArgs();
  const server = await startServer(checkout.root, { DATABASE_URL: `${PG}/${db}` }, inspector.args);
  checkout.server = server;
  checkout.inspectPort = inspector.port;
  const client = new pg.Client({ connectionString: `${PG}/${db}` });
  await client.connect();
  try {
    const json = { "content-type": "application/json" };
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({
        firstName: "Bench",
        lastName: "Weekly",
        email: "weekly@example.com",
        password: "bench-pass-1",
      }),
    }).then((r) => r.json());
    const auth = { authorization: `Bearer ${reg.accessToken}` };
    const workspaceId = reg.user.workspaceId;
    const projectId = (
      await fetch(`${server.url}/api/projects`, {
        method: "POST",
        headers: { ...json, ...auth },
        body: JSON.stringify({ name: "Bench Tower" }),
      }).then((r) => r.json())
    ).project.id;
    const started = performance.now();
    // Members to assign to (straight into the workspace).
    const members = [reg.user.id];
    for (let i = 1; i < 8; i++) {
      const { rows } = await client.query(
        `insert into users (id, email, password_hash, first_name, last_name, role, workspace_id, workspace_role,
           membership_type, membership_amount, created_at, search_text)
         select gen_random_uuid()::text, $1, 'x', $2, 'Trade', 'user', $3, 'member', 'free', 0, 0, $2
         returning id`,
        [`trade${i}@example.com`, `Member${i}`, workspaceId],
      );
      members.push(rows[0].id);
    }
    // One ~20 KB thumbnail file, shared by every attachment row (pdfkit embeds each placement anyway).
    const thumb = await sharp({
      create: { width: 320, height: 240, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 70 })
      .toBuffer();
    mkdirSync(path.join(server.dataDir, "files", "bench"), { recursive: true });
    writeFileSync(path.join(server.dataDir, "files", "bench", "thumb.jpg"), thumb);
    const now = Math.floor(Date.now() / 1000);
    await client.query(
      `insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category,
         assigned_to, created_by, due_date, location_lat, location_lng, page_url, created_at, updated_at, search_text)
       select gen_random_uuid()::text, $1, $2, 'SNAG-20260101-' || lpad(g::text, 5, '0'),
         '📷 Photo 1 - Level ' || (g % 40) || ': cracked tile by the riser, sealant missing at the threshold',
         (array['open','open','in-progress','resolved','closed'])[1 + g % 5],
         (array['critical','high','medium','low'])[1 + g % 4], 'other',
         ($4::text[])[1 + g % 8], $5, case when g % 3 = 0 then $3::bigint + (g % 20 - 10) * ${DAY} end, null, null, null,
         $3::bigint - (g % 120) * ${DAY}, $3::bigint - (g % 14) * ${DAY}, 'bench snag'
       from generate_series(1, $6::int) g`,
      [workspaceId, projectId, now, members, reg.user.id, SNAGS],
    );
    await client.query(
      `insert into attachments (id, report_id, workspace_id, storage_key, thumbnail_key, original_name, content_type,
         size_bytes, position, kind, created_at)
       select gen_random_uuid()::text, r.id, r.workspace_id, 'bench/thumb.jpg', 'bench/thumb.jpg', 'photo.jpg',
         'image/jpeg', $2, k.n, case when k.n = 1 then 'fix' else 'evidence' end, r.created_at
       from snagging_reports r cross join (values (0), (1)) k(n)
       where r.project_id = $1 and (k.n = 0 or r.status = 'closed')`,
      [projectId, thumb.length],
    );
    await client.query("vacuum analyze snagging_reports");
    await client.query("vacuum analyze attachments");
    log(
      `${checkout.name}: seeded ${SNAGS} snags (thumbnail ${(thumb.length / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { url: `${server.url}/api/projects/${projectId}/report-schedule/send`, headers: { ...json, ...auth } };
  } finally {
    await client.end();
  }
}

const mb = (n) => (n === undefined ? "–" : `${n.toFixed(0)} MB`);

/** What the process holds once settled: RSS, the request thread's heap and the PDF worker's. */
async function settled(checkout) {
  const s = await settle(checkout.inspectPort);
  await sleep(500);
  // Worker threads are not named to the inspector: the PDF pool's thread is the one a render starts.
  const sum = (key) => s.workers.reduce((total, w) => total + w[key], 0);
  return {
    rss: rssMb(checkout.server.pid),
    main: s.main.heapUsed,
    mainExternal: s.main.external,
    workers: s.workers.length,
    pdf: sum("heapUsed"),
    pdfExternal: sum("external"),
  };
}

/** One preview sent and its .eml read back: time, RSS peak and after, then the settled figures. */
async function render(checkout, run) {
  const { server, send } = checkout;
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
  const t0 = performance.now();
  const res = await fetch(send.url, { method: "POST", headers: send.headers, body: JSON.stringify({ to: "me" }) });
  const ms = performance.now() - t0;
  if (res.status !== 202) throw new Error(`send: ${res.status} ${await res.text()}`);
  // The message as the mail queue wrote it (no SMTP_URL: an .eml file), with the PDF attached.
  const mailDir = path.join(server.dataDir, "mail");
  let files = [];
  for (let i = 0; i < 600 && files.length < run; i++) {
    try {
      files = readdirSync(mailDir)
        .filter((f) => f.endsWith(".eml"))
        .sort();
    } catch {
      files = [];
    }
    if (files.length < run) await sleep(100);
  }
  clearInterval(sampler);
  const after = rssMb(server.pid);
  const emlPath = path.join(mailDir, files[run - 1]);
  const mail = await simpleParser(readFileSync(emlPath));
  const pdf = mail.attachments[0]?.content;
  const file = path.join(tmpdir(), `weekly-bench-${process.pid}.pdf`);
  writeFileSync(file, pdf);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1];
  rmSync(file);
  const measured = { ms, peak, after, pages, pdfMb: pdf.length / 1024 / 1024 };
  if (!values.settle) return measured;
  await sleep(1000);
  return { ...measured, ...(await settled(checkout)) };
}

try {
  for (const [n, checkout] of checkouts.entries()) checkout.send = await prepare(checkout, n);
  for (const checkout of checkouts) {
    checkout.start = values.settle ? await settled(checkout) : { rss: rssMb(checkout.server.pid) };
    log(`${checkout.name}: before the first render: RSS ${mb(checkout.start.rss)}, heap ${mb(checkout.start.main)}`);
  }
  const results = new Map(checkouts.map((c) => [c.name, []]));
  for (let run = 1; run <= REPEAT; run++) {
    for (const checkout of checkouts) results.get(checkout.name).push(await render(checkout, run));
  }
  for (const checkout of checkouts) {
    log(`\n${checkout.name} (${checkout.root})`);
    log(
      `${"run".padEnd(4)} ${"time".padStart(7)} ${"RSS peak".padStart(9)} ${"RSS after".padStart(9)} | ${"settled: RSS".padStart(12)} ${"heap".padStart(7)} ${"ext".padStart(6)} ${"workers".padStart(9)} ${"w ext".padStart(6)} | ${"pages".padStart(5)} ${"PDF".padStart(8)}`,
    );
    const s = checkout.start;
    log(
      `${"0".padEnd(4)} ${"".padStart(7)} ${"".padStart(9)} ${"".padStart(9)} | ${mb(s.rss).padStart(12)} ${mb(s.main).padStart(7)} ${mb(s.mainExternal).padStart(6)} ${(s.workers === undefined ? "–" : `${s.workers}: ${mb(s.pdf)}`).padStart(9)} ${mb(s.pdfExternal).padStart(6)} |`,
    );
    for (const [i, r] of results.get(checkout.name).entries()) {
      log(
        `${String(i + 1).padEnd(4)} ${`${(r.ms / 1000).toFixed(1)} s`.padStart(7)} ${mb(r.peak).padStart(9)} ${mb(r.after).padStart(9)} | ${mb(r.rss).padStart(12)} ${mb(r.main).padStart(7)} ${mb(r.mainExternal).padStart(6)} ${(r.workers === undefined ? "–" : `${r.workers}: ${mb(r.pdf)}`).padStart(9)} ${mb(r.pdfExternal).padStart(6)} | ${String(r.pages).padStart(5)} ${`${r.pdfMb.toFixed(1)} MB`.padStart(8)}`,
      );
    }
  }
  log(
    "\nRSS peak: sampled every 50 ms from the send until the .eml exists. settled: after a full collection in every thread (heap: the request thread's V8 heap used, workers: how many worker threads and their heaps, the PDF pool's among them; ext: Buffers).",
  );
} finally {
  for (const checkout of checkouts) {
    await checkout.server?.stop();
    if (checkout.db) await admin(`drop database if exists ${checkout.db} with (force)`).catch(() => {});
  }
}
