// Audits benchmark (issue 25): starts the built server (fresh SQLite folder, a free loopback port),
// seeds 10,000 audits of one workspace straight into the database, and times GET /api/audits (first
// page, a filtered page, walking every page with the cursor); then makes one audit with every item
// answered and 50 photos through the API, and times its PDF (rendered in the PDF worker pool).
// Usage: npm run build -w apps/server && node bench/audits.mjs [--audits 10000] [--runs 30] [--photos 50]
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";

const { values } = parseArgs({
  options: {
    audits: { type: "string", default: "10000" },
    runs: { type: "string", default: "30" },
    photos: { type: "string", default: "50" },
  },
});
const AUDITS = Math.min(Number(values.audits), 200_000);
const RUNS = Math.min(Number(values.runs), 500);
const PHOTOS = Math.min(Number(values.photos), 540);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sharp = createRequire(path.join(root, "apps/server/package.json"))("sharp");
const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-audits-"));

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "100000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

const timed = async (name, runs, call) => {
  const times = [];
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(`${name.padEnd(34)} ${at(0.5).padStart(10)} ${at(0.95).padStart(8)}`);
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const json = { "content-type": "application/json" };
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Auditor",
      email: "bench@example.com",
      password: "bench-password-1",
    }),
  });
  const { accessToken, user } = await reg.json();
  const headers = { authorization: `Bearer ${accessToken}` };
  const project = await (
    await fetch(`${base}/api/projects`, {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({ name: "Bench site", status: "active" }),
    })
  ).json();
  const projectId = project.project.id;

  // Seeding through the API would take minutes; the rows are what the list reads.
  const db = new Database(path.join(dataDir, "sitesnag.db"));
  db.pragma("busy_timeout = 5000");
  const now = Math.floor(Date.now() / 1000);
  const insert = db.prepare(
    `insert into audits (id, workspace_id, project_id, client_id, auditor_id, auditor_name, template_id,
       template_version, status, revision, audit_date, notes, form_data, overall_score, total_items, passed_items,
       failed_items, site_rep_name, created_at, updated_at)
     values (?, ?, ?, null, ?, 'Bench Auditor', 'standard', 'uk-site-safety-2026.1', ?, 1, ?, '', '{}', ?, 27, ?, ?, '', ?, ?)`,
  );
  const started = performance.now();
  db.transaction(() => {
    for (let i = 0; i < AUDITS; i++) {
      const created = now - Math.floor((i / AUDITS) * 3 * 365 * 86_400);
      const passed = i % 28;
      // UUIDv7-like ordering is not needed here: the list sorts by (created_at, id).
      insert.run(
        randomUUID(),
        user.workspaceId,
        projectId,
        user.id,
        i % 4 === 0 ? "draft" : "completed",
        created - (created % 86_400),
        Math.round((passed / 27) * 100),
        passed,
        27 - passed,
        created,
        created,
      );
    }
  })();
  db.close();
  console.log(`seeded ${AUDITS} audits in ${Math.round(performance.now() - started)} ms`);

  const get = async (url) => {
    const res = await fetch(base + url, { headers });
    const body = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return body;
  };
  console.log(`\n${"GET /api/audits".padEnd(34)} ${"median ms".padStart(10)} ${"p95 ms".padStart(8)}`);
  await timed("first page (50)", RUNS, () => get("/api/audits"));
  await timed("page of 200", RUNS, () => get("/api/audits?limit=200"));
  await timed("completed, in a year, project", RUNS, () =>
    get(`/api/audits?projectId=${projectId}&status=completed&from=2025-01-01&to=2025-12-31`),
  );
  const t0 = performance.now();
  let cursor = null;
  let seen = 0;
  let pages = 0;
  do {
    const page = await get(`/api/audits?limit=200${cursor ? `&cursor=${cursor}` : ""}`);
    seen += page.audits.length;
    pages += 1;
    cursor = page.nextCursor;
  } while (cursor);
  console.log(`walked ${seen} audits in ${pages} pages of 200: ${Math.round(performance.now() - t0)} ms`);

  // One audit, every item answered, PHOTOS photos (20 per item at most), then its PDF.
  const audit = (
    await (
      await fetch(`${base}/api/audits`, {
        method: "POST",
        headers: { ...headers, ...json },
        body: JSON.stringify({ projectId, auditDate: "2026-11-25" }),
      })
    ).json()
  ).audit;
  const items = audit.items.map((i) => i.id);
  await fetch(`${base}/api/audits/${audit.id}`, {
    method: "PATCH",
    headers: { ...headers, ...json },
    body: JSON.stringify({
      answers: items.map((itemId, n) => ({
        itemId,
        status: n % 5 === 0 ? "NC" : "C",
        notes: `Observation ${n}: `.repeat(8),
        ...(n % 5 === 0 ? { riskSeverity: (n % 5) + 1, riskLikelihood: 3, actionOwner: "Site lead" } : {}),
      })),
    }),
  });
  const uploadStarted = performance.now();
  for (let p = 0; p < PHOTOS; p++) {
    const jpeg = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: p * 5, g: 120, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const form = new FormData();
    form.append("images", new Blob([jpeg], { type: "image/jpeg" }), `p${p}.jpg`);
    const res = await fetch(`${base}/api/audits/${audit.id}/items/${items[p % items.length]}/photos`, {
      method: "POST",
      headers,
      body: form,
    });
    if (res.status !== 201) throw new Error(`photo ${p}: ${res.status} ${await res.text()}`);
  }
  console.log(`\nuploaded ${PHOTOS} photos one by one in ${Math.round(performance.now() - uploadStarted)} ms`);
  let size = 0;
  await timed(`PDF, 27 items, ${PHOTOS} photos`, 5, async () => {
    const res = await fetch(`${base}/api/audits/${audit.id}/pdf`, { headers });
    size = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`pdf: ${res.status}`);
  });
  console.log(`PDF size ${(size / 1024 / 1024).toFixed(1)} MB`);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
