// Weekly report benchmark (issue 37): the built server on a scratch PostgreSQL database, one
// project of 2,000 snags seeded straight into the database (open, in progress, awaiting
// verification, closed; spread over 40 places and 8 members; each with a ~20 KB JPEG thumbnail,
// the closed ones of the last week with a before/after pair), then "Send me a preview" timed
// (the request answers once the PDF is rendered, stored and the message queued), the server's
// resident memory sampled every 50 ms meanwhile, and the PDF's pages and size read back from the
// .eml the mail queue wrote. Targets: ≤ 20 s, memory flat (growth bounded, not with the project).
// Usage: npm run build -w apps/server && npm run bench:weekly-report [-- --snags 2000 --runs 3]
// PostgreSQL: WEEKLY_PG (default postgres://postgres@127.0.0.1:5432); a database is made and dropped.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: { snags: { type: "string", default: "2000" }, runs: { type: "string", default: "3" } },
});
const SNAGS = Math.max(100, Number(values.snags));
const RUNS = Math.max(1, Number(values.runs));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverRequire = createRequire(path.join(root, "apps/server/package.json"));
const pg = serverRequire("pg");
const sharp = serverRequire("sharp");
const { simpleParser } = createRequire(path.join(root, "e2e/package.json"))("mailparser");
const PG = (process.env.WEEKLY_PG ?? "postgres://postgres@127.0.0.1:5432").replace(/\/$/, "");
const DB = `weekly_bench_${process.pid}`;
const log = (line) => process.stdout.write(`${line}\n`);
const DAY = 24 * 60 * 60;

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

await admin(`create database ${DB}`);
const server = await startServer(root, { DATABASE_URL: `${PG}/${DB}` });
const db = new pg.Client({ connectionString: `${PG}/${DB}` });
try {
  await db.connect();
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
    const { rows } = await db.query(
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
  await db.query(
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
  await db.query(
    `insert into attachments (id, report_id, workspace_id, storage_key, thumbnail_key, original_name, content_type,
       size_bytes, position, kind, created_at)
     select gen_random_uuid()::text, r.id, r.workspace_id, 'bench/thumb.jpg', 'bench/thumb.jpg', 'photo.jpg',
       'image/jpeg', $2, k.n, case when k.n = 1 then 'fix' else 'evidence' end, r.created_at
     from snagging_reports r cross join (values (0), (1)) k(n)
     where r.project_id = $1 and (k.n = 0 or r.status = 'closed')`,
    [projectId, thumb.length],
  );
  await db.query("vacuum analyze snagging_reports");
  await db.query("vacuum analyze attachments");
  log(
    `seeded ${SNAGS} snags (thumbnail ${(thumb.length / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const mailDir = path.join(server.dataDir, "mail");
  const baseline = rssMb(server.pid);
  log(`server RSS before: ${baseline.toFixed(0)} MB\n`);
  log(
    `${"run".padEnd(5)} ${"time".padStart(8)} ${"RSS peak".padStart(10)} ${"RSS after".padStart(10)} ${"pages".padStart(6)} ${"PDF".padStart(9)}`,
  );
  for (let run = 1; run <= RUNS; run++) {
    let peak = rssMb(server.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 50);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/projects/${projectId}/report-schedule/send`, {
      method: "POST",
      headers: { ...json, ...auth },
      body: JSON.stringify({ to: "me" }),
    });
    const ms = performance.now() - t0;
    clearInterval(sampler);
    if (res.status !== 202) throw new Error(`send: ${res.status} ${await res.text()}`);
    // The message as the mail queue wrote it (no SMTP_URL: an .eml file), with the PDF attached.
    let files = [];
    for (let i = 0; i < 600 && files.length < run; i++) {
      files = (() => {
        try {
          return readdirSync(mailDir)
            .filter((f) => f.endsWith(".eml"))
            .sort();
        } catch {
          return [];
        }
      })();
      if (files.length < run) await new Promise((r) => setTimeout(r, 100));
    }
    // The mail queue writes the file in one call; read it once its size has settled.
    const emlPath = path.join(mailDir, files[run - 1]);
    let size = -1;
    while (statSync(emlPath).size !== size) {
      size = statSync(emlPath).size;
      await new Promise((r) => setTimeout(r, 200));
    }
    const mail = await simpleParser(readFileSync(emlPath));
    const pdf = mail.attachments[0]?.content;
    const file = path.join(tmpdir(), `weekly-bench-${process.pid}.pdf`);
    writeFileSync(file, pdf);
    const pages = /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file]).toString())?.[1];
    rmSync(file);
    log(
      `${String(run).padEnd(5)} ${`${(ms / 1000).toFixed(1)} s`.padStart(8)} ${`${peak.toFixed(0)} MB`.padStart(10)} ${`${rssMb(server.pid).toFixed(0)} MB`.padStart(10)} ${String(pages).padStart(6)} ${`${(pdf.length / 1024 / 1024).toFixed(1)} MB`.padStart(9)}`,
    );
  }
} finally {
  await db.end().catch(() => {});
  await server.stop();
  await admin(`drop database if exists ${DB} with (force)`).catch(() => {});
}
