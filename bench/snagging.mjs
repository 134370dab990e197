// Snagging benchmark: starts the built server on a free loopback port with a fresh SQLite data
// folder (or DATABASE_URL: point it at a scratch database, the bench writes to it) and prints:
//   - upload of a 12 MP JPEG to stored display copy + thumbnail (POST /api/snagging, one photo)
//   - PDF generation for reports with 1, 10 and 20 photos (GET …/download-pdf), and for a
//     description that is one 20,000-character word
//   - GET /api/snagging with 1,000 and 10,000 reports in the workspace (rows seeded with SQL)
//   - a report with 500 history entries and 200 comments (issue 23), written through the API:
//     its detail, the first page of its history and of its comments, all of its history, its PDF
//   - the project snag list PDF (GET /api/projects/{id}/snag-list.pdf) of 50 and 500 snags with
//     two photos each: time, pages, bytes, and the server's peak RSS above its level before
//     (the PDF worker is a thread of the server process)
// Budgets (issue 8): 20-photo PDF < 1 s, 12 MP photo stored with its thumbnail < 300 ms.
// Issue 27: the 500-snag list under 15 s, memory flat between 50 and 500.
// Usage: npm run build && npm run bench:snagging [-- --runs 7]
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "7" }, "snag-list-only": { type: "boolean", default: false } },
});
const RUNS = Math.max(3, Math.min(Number(values.runs), 50));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const sharp = require("sharp");
const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-"));
const databaseUrl = process.env.DATABASE_URL;

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT: "100000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitHealthy() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function call(method, url, { token, body, form } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];
const ms = (x) => `${x.toFixed(0)} ms`;
async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return [performance.now() - started, result];
}

/** A 4000×3000 photo-like JPEG: smooth gradients, shapes and sensor-like noise (~4-6 MB, like a phone's). */
async function twelveMegapixelJpeg() {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  const noise = randomBytes(raw.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, 90 + (x * 120) / width + (noise[i] % 24));
      raw[i + 1] = Math.min(255, 80 + (y * 100) / height + (noise[i + 1] % 24));
      raw[i + 2] = Math.min(255, 70 + ((x + y) * 60) / (width + height) + (noise[i + 2] % 24));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="1200" y="900" width="1600" height="1100" fill="#d97706"/><circle cx="800" cy="2200" r="400" fill="#1f2937"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const DESCRIPTION = "📷 Photo 1 - Bench: seeded";
const fold = (text) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

async function seedReports(workspaceId, projectId, userId, count) {
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const title = `SNAG-BENCH-${randomUUID()}`;
    return {
      report: [
        id,
        workspaceId,
        projectId,
        title,
        DESCRIPTION,
        "open",
        "medium",
        "other",
        userId,
        userId,
        now - i,
        now - i,
        // search_text as the app writes it (shared/search.ts: folded title and description).
        `${fold(title)}\n${fold(DESCRIPTION)}`,
      ],
      attachment: [
        randomUUID(),
        id,
        workspaceId,
        `photos/${randomBytes(16).toString("hex")}.jpg`,
        "bench.jpg",
        "image/jpeg",
        1000,
        0,
        now,
      ],
    };
  });
  const reportSql =
    "insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category, assigned_to, created_by, created_at, updated_at, search_text) values ";
  const attachmentSql =
    "insert into attachments (id, report_id, workspace_id, storage_key, original_name, content_type, size_bytes, position, created_at) values ";
  if (databaseUrl) {
    const pg = require("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("begin");
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      for (const [sql, key, width] of [
        [reportSql, "report", 13],
        [attachmentSql, "attachment", 9],
      ]) {
        const params = chunk.flatMap((r) => r[key]);
        const tuples = chunk.map(
          (_, j) => `(${Array.from({ length: width }, (_, k) => `$${j * width + k + 1}`).join(",")})`,
        );
        await client.query(sql + tuples.join(","), params);
      }
    }
    await client.query("commit");
    await client.end();
    return;
  }
  const Database = require("better-sqlite3");
  const db = new Database(path.join(dataDir, "sitesnag.db"));
  db.pragma("busy_timeout = 5000");
  const insertReport = db.prepare(`${reportSql}(${Array(13).fill("?").join(",")})`);
  const insertAttachment = db.prepare(`${attachmentSql}(${Array(9).fill("?").join(",")})`);
  db.transaction(() => {
    for (const r of rows) {
      insertReport.run(...r.report);
      insertAttachment.run(...r.attachment);
    }
  })();
  db.close();
}

/** Reports with two photos each (the same real display copy and thumbnail files), in a few places. */
async function seedListReports(workspaceId, projectId, userId, count, keys) {
  const now = Math.floor(Date.now() / 1000);
  const reports = [];
  const attachments = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const title = `SNAG-LIST-${String(i).padStart(5, "0")}-${randomBytes(3).toString("hex")}`;
    const description = `📷 Photo 1 - Level ${i % 12}, flat ${i % 40}: Cracked tile number ${i}\n\n📷 Photo 2 - Level ${i % 12}: Close-up`;
    reports.push([
      id,
      workspaceId,
      projectId,
      title,
      description,
      i % 5 === 0 ? "resolved" : "open",
      "medium",
      ["finish", "plumbing", "electrical"][i % 3],
      userId,
      userId,
      now - i,
      now - i,
      `${fold(title)}\n${fold(description)}`,
    ]);
    for (const position of [0, 1]) {
      attachments.push([
        randomUUID(),
        id,
        workspaceId,
        keys.display,
        keys.thumbnail,
        "bench.jpg",
        "image/jpeg",
        1000,
        position,
        now,
      ]);
    }
  }
  const reportSql =
    "insert into snagging_reports (id, workspace_id, project_id, title, description, status, priority, category, assigned_to, created_by, created_at, updated_at, search_text) values ";
  const attachmentSql =
    "insert into attachments (id, report_id, workspace_id, storage_key, thumbnail_key, original_name, content_type, size_bytes, position, created_at) values ";
  if (databaseUrl) {
    const pg = require("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const [sql, rows] of [
      [reportSql, reports],
      [attachmentSql, attachments],
    ]) {
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        const width = chunk[0].length;
        const tuples = chunk.map(
          (_, j) => `(${Array.from({ length: width }, (_, k) => `$${j * width + k + 1}`).join(",")})`,
        );
        await client.query(sql + tuples.join(","), chunk.flat());
      }
    }
    await client.end();
    return;
  }
  const Database = require("better-sqlite3");
  const db = new Database(path.join(dataDir, "sitesnag.db"));
  db.pragma("busy_timeout = 5000");
  const insertReport = db.prepare(`${reportSql}(${Array(13).fill("?").join(",")})`);
  const insertAttachment = db.prepare(`${attachmentSql}(${Array(10).fill("?").join(",")})`);
  db.transaction(() => {
    for (const r of reports) insertReport.run(...r);
    for (const a of attachments) insertAttachment.run(...a);
  })();
  db.close();
}

/** `--snag-list-only`: the snag list part alone (it ends the run through this). */
const ONLY_SNAG_LIST = Symbol("snag list only");

/** The server's resident memory (kB) now, from /proc (Linux). */
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0);

async function benchSnagList(token, workspaceId, userId, photo) {
  const keys = {
    display: `photos/${randomBytes(16).toString("hex")}.jpg`,
    thumbnail: `photos/${randomBytes(16).toString("hex")}-thumb.jpg`,
  };
  const display = await sharp(photo).resize(2048, 2048, { fit: "inside" }).jpeg({ quality: 85 }).toBuffer();
  const thumbnail = await sharp(photo).resize(400, 400, { fit: "inside" }).jpeg({ quality: 75 }).toBuffer();
  mkdirSync(path.join(dataDir, "files", "photos"), { recursive: true });
  writeFileSync(path.join(dataDir, "files", keys.display), display);
  writeFileSync(path.join(dataDir, "files", keys.thumbnail), thumbnail);
  for (const count of [50, 500]) {
    const list = (await (await call("POST", "/api/projects", { token, body: { name: `Snag list ${count}` } })).json())
      .project;
    await seedListReports(workspaceId, list.id, userId, count, keys);
    const times = [];
    let pages = 0;
    let size = 0;
    let peak = 0;
    for (let i = 0; i < Math.min(RUNS, 3); i++) {
      const before = rssKb();
      let high = before;
      const sampler = setInterval(() => (high = Math.max(high, rssKb())), 25);
      const [t, bytes] = await timed(async () =>
        Buffer.from(
          await (await call("GET", `/api/projects/${list.id}/snag-list.pdf?groupBy=location`, { token })).arrayBuffer(),
        ),
      );
      clearInterval(sampler);
      times.push(t);
      size = bytes.length;
      pages = (bytes.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;
      peak = Math.max(peak, high - before);
    }
    console.log(
      `  snag list PDF of ${String(count).padStart(3)} snags × 2 photos: median ${ms(median(times))}, ${pages} pages, ${(size / 1e6).toFixed(1)} MB, server RSS +${(peak / 1024).toFixed(0)} MB at peak${count === 500 ? "  (budget 15 s)" : ""}`,
    );
  }
}

try {
  await waitHealthy();
  const email = `bench.${Date.now()}@example.com`;
  const auth = await (
    await call("POST", "/api/auth/register", {
      body: { firstName: "Bench", lastName: "Mark", email, password: "bench-password-1" },
    })
  ).json();
  const token = auth.accessToken;
  const project = (await (await call("POST", "/api/projects", { token, body: { name: "Bench" } })).json()).project;
  console.log(`snagging bench (${databaseUrl ? "PostgreSQL" : "SQLite"}, ${RUNS} runs each)`);

  const photo = await twelveMegapixelJpeg();
  if (values["snag-list-only"]) {
    await benchSnagList(token, auth.user.workspaceId, auth.user.id, photo);
    throw ONLY_SNAG_LIST;
  }
  const createWith = async (photos) => {
    const form = new FormData();
    form.append("projectId", project.id);
    form.append("priority", "high");
    form.append("locationLat", "51.507351");
    form.append("locationLng", "-0.127758");
    form.append(
      "description",
      photos.map((_, i) => `📷 Photo ${i + 1} - Level ${i}: bench photo ${i + 1}`).join("\n\n"),
    );
    for (const [i, data] of photos.entries())
      form.append("images", new Blob([data], { type: "image/jpeg" }), `p${i}.jpg`);
    return (await (await call("POST", "/api/snagging", { token, form })).json()).report;
  };

  const uploads = [];
  for (let i = 0; i < RUNS; i++) uploads.push((await timed(() => createWith([photo])))[0]);
  console.log(
    `  upload 12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB) → display + thumbnail: median ${ms(median(uploads))}, p90 ${ms(p90(uploads))}  (budget 300 ms)`,
  );

  for (const count of [1, 10, 20]) {
    const report = await createWith(Array(count).fill(photo));
    const times = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const [t, bytes] = await timed(async () =>
        (await call("GET", `/api/snagging/${report.id}/download-pdf`, { token })).arrayBuffer(),
      );
      times.push(t);
      size = bytes.byteLength;
    }
    console.log(
      `  PDF with ${String(count).padStart(2)} photo(s): median ${ms(median(times))}, p90 ${ms(p90(times))}, ${(size / 1e6).toFixed(1)} MB${count === 20 ? "  (budget 1 s)" : ""}`,
    );
  }

  // The longest description the schema allows, as one run without a space: pdfkit breaks such a
  // word itself, one character at a time (4.2 s per PDF before the text was made breakable).
  {
    const res = await call("POST", "/api/snagging", {
      token,
      body: { projectId: project.id, priority: "low", description: "x".repeat(20_000) },
    });
    const report = (await res.json()).report;
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(
        (
          await timed(async () =>
            (await call("GET", `/api/snagging/${report.id}/download-pdf`, { token })).arrayBuffer(),
          )
        )[0],
      );
    }
    console.log(`  PDF of a 20,000-character word: median ${ms(median(times))}, p90 ${ms(p90(times))}`);
  }

  // Issue 23: a report with a long life. 300 edits and 200 comments make 500 history entries (plus
  // its creation), each written by the real writer in its change's transaction.
  {
    const report = (
      await (await call("POST", "/api/snagging", { token, body: { projectId: project.id, priority: "low" } })).json()
    ).report;
    const priorities = ["low", "medium", "high", "critical"];
    const [writeEdits] = await timed(async () => {
      for (let i = 0; i < 300; i++) {
        await call("PATCH", `/api/snagging/${report.id}`, { token, body: { priority: priorities[(i + 1) % 4] } });
      }
    });
    const [writeComments] = await timed(async () => {
      for (let i = 0; i < 200; i++) {
        await call("POST", `/api/snagging/${report.id}/comments`, {
          token,
          body: { body: `Bench comment ${i + 1}: checked on site, grout still needs work on the return.` },
        });
      }
    });
    console.log(
      `  history report: 300 edits written in ${ms(writeEdits)} (${ms(writeEdits / 300)} each), 200 comments in ${ms(writeComments)} (${ms(writeComments / 200)} each)`,
    );
    const measure = async (label, url, read = (res) => res.arrayBuffer()) => {
      const times = [];
      let size = 0;
      for (let i = 0; i < RUNS; i++) {
        const [t, body] = await timed(async () => read(await call("GET", url, { token })));
        times.push(t);
        size = body.byteLength ?? 0;
      }
      console.log(`  ${label}: median ${ms(median(times))}, p90 ${ms(p90(times))}, ${(size / 1e3).toFixed(0)} kB`);
    };
    await measure("detail of the 500-entry report (GET /api/snagging/{id})", `/api/snagging/${report.id}`);
    await measure("its history, first page of 20", `/api/snagging/${report.id}/activity?limit=20`);
    await measure("its history, 200 entries", `/api/snagging/${report.id}/activity?limit=200`);
    await measure("its comments, first page of 20", `/api/snagging/${report.id}/comments?limit=20`);
    await measure("its overwrite notices", `/api/snagging/${report.id}/overwrites`);
    // Each export adds an entry: the PDF prints 501 and more, on some 20 pages.
    await measure("its PDF with the whole history", `/api/snagging/${report.id}/download-pdf`);
  }

  let seeded = 1 + RUNS + 3 + 1 + 1;
  for (const target of [1_000, 10_000]) {
    await seedReports(auth.user.workspaceId, project.id, auth.user.id, target - seeded);
    seeded = target;
    const times = [];
    let size = 0;
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const [t, body] = await timed(async () => (await call("GET", "/api/snagging", { token })).json());
      times.push(t);
      count = body.reports.length;
      size = JSON.stringify(body).length;
    }
    console.log(
      `  GET /api/snagging with ${count} reports: median ${ms(median(times))}, p90 ${ms(p90(times))}, ${(size / 1e6).toFixed(1)} MB JSON`,
    );
  }
  await benchSnagList(token, auth.user.workspaceId, auth.user.id, photo);
} catch (error) {
  if (error !== ONLY_SNAG_LIST) throw error;
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
