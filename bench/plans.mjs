// Drawings benchmark (issue 24), on the built server (SQLite, one sheet worker):
// - render time of a 10-page A1 PDF set (each page's time from the previous page's, and the total),
//   tile bytes per sheet;
// - another workspace's reads (its sheets and its reports, paced at --read-rate as bench:scale's
//   PDF burst) p99 while a 100-page set renders vs idle: the same rule as that burst, within 2x;
//   then the rendering project's own reads, unpaced, for information (its list grows meanwhile);
// - in Chromium on a phone viewport: time to the first tiles of a sheet with 2,000 pins, and frame
//   times while panning and zooming it (median, p95; target p95 ≤ 20 ms, first tiles ≤ 1 s);
// - hostile uploads (issue 34, decision 0047): an image-bomb PDF (a page drawing a 60,000 × 60,000
//   image, 3.5 MB on disk) with the server's RSS and its drawing processes' read from /proc before,
//   at peak and after; then a 100-page set reusing one image, and meanwhile another workspace's
//   paced reads (p50/p99 vs idle) and its upload of an 800 × 600 PNG (time to the answer, and to
//   its sheet being ready, with how many pages of the set were still waiting).
//
// Usage: npm run build && npm run bench:plans [-- --duration 5 --connections 10 --read-rate 50
//   --skip-browser | --browser-only | --hostile-only]
// (--browser-only: one A1 page, then the browser half, for iterating on the viewer;
//  --hostile-only: the hostile uploads alone.)
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { imagePdf } from "./lib/hostile-pdfs.mjs";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
    "read-rate": { type: "string", default: "50" },
    "skip-browser": { type: "boolean", default: false },
    "browser-only": { type: "boolean", default: false },
    "hostile-only": { type: "boolean", default: false },
  },
});
const DURATION = Math.max(2, Number(values.duration));
const CONNECTIONS = Math.max(1, Number(values.connections));
const READ_RATE = Math.max(0, Number(values["read-rate"]) || 0);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(path.join(root, "apps/server/package.json"));
const PDFDocument = require("pdfkit");

/** A drawing-like PDF: a border, a dense grid of thin lines, rooms and text on every page. */
function drawingSet(pages, size) {
  // No margins and no line breaks: text near the bottom edge must not spill onto an extra page.
  const doc = new PDFDocument({ size, autoFirstPage: false, margin: 0 });
  const chunks = [];
  doc.on("data", (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on("end", resolve));
  for (let n = 1; n <= pages; n += 1) {
    doc.addPage();
    const { width, height } = doc.page;
    doc
      .rect(20, 20, width - 40, height - 40)
      .lineWidth(2)
      .stroke();
    for (let x = 40; x < width - 40; x += 12)
      doc
        .moveTo(x, 40)
        .lineTo(x, height - 40)
        .lineWidth(0.15)
        .stroke();
    for (let y = 40; y < height - 40; y += 12)
      doc
        .moveTo(40, y)
        .lineTo(width - 40, y)
        .lineWidth(0.15)
        .stroke();
    for (let r = 0; r < 40; r += 1) {
      const x = 60 + ((r * 137) % (width - 260));
      const y = 60 + ((r * 211) % (height - 200));
      doc.rect(x, y, 180, 120).lineWidth(1).stroke();
      doc.fontSize(9).text(`Room ${n}.${r}`, x + 6, y + 6, { lineBreak: false });
    }
    doc.fontSize(28).text(`Level ${n} general arrangement`, 60, height - 90, { lineBreak: false });
  }
  doc.end();
  return done.then(() => Buffer.concat(chunks));
}

async function call(base, method, pathname, { token, body, form } = {}) {
  const res = await fetch(`${base}/api${pathname}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} → ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

const upload = (base, token, projectId, pdf, name) => {
  const form = new FormData();
  form.set("file", new Blob([pdf], { type: "application/pdf" }), name);
  return call(base, "POST", `/projects/${projectId}/sheets`, { token, form });
};

/** p50/p99 of GETs of `url`; paced at `rate` requests a second overall when given (autocannon's overallRate). */
async function reads(url, token, rate = 0) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(rate > 0 ? { overallRate: rate } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} failed requests`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

const ms = (n) => `${Math.round(n)} ms`;
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;

// The write fair share (decision 0019) is lifted: the browser half files 2,000 pinned reports in a
// few seconds, past one account's 600 items a minute.
// BENCH_SERVER_ROOT: another built checkout's server (a before/after pair with the same bench).
const server = await startServer(process.env.BENCH_SERVER_ROOT ?? root, {
  SHEET_WORKERS: "1",
  PHOTO_WORKERS: "1",
  PDF_WORKERS: "1",
  WRITE_ITEMS_PER_MINUTE: "100000",
  WORKSPACE_WRITE_ITEMS_PER_MINUTE: "100000",
});
try {
  if (values["hostile-only"]) {
    await hostileUploads();
  } else await allFigures();
} finally {
  await server.stop();
}

async function allFigures() {
  const { session, token, project } = await accountWithProject("Plans", "Plans bench");

  // 1. A 10-page A1 set: per-page render times (ready one after another in one worker).
  const a1 = await drawingSet(values["browser-only"] ? 1 : 10, "A1");
  const started = performance.now();
  const { sheets } = await upload(server.url, token, project.id, a1, "A1 set.pdf");
  const uploadMs = performance.now() - started;
  const readyAt = new Map();
  while (readyAt.size < sheets.length) {
    const list = (await call(server.url, "GET", `/projects/${project.id}/sheets`, { token })).sheets;
    for (const s of list)
      if (s.status !== "processing" && !readyAt.has(s.id)) readyAt.set(s.id, { at: performance.now(), sheet: s });
    await new Promise((r) => setTimeout(r, 50));
  }
  const done = [...readyAt.values()].sort((a, b) => a.at - b.at);
  console.log(`\n10-page A1 set (${kib(a1.length)} PDF): upload answered in ${ms(uploadMs)}`);
  console.log("page  status  size (px)      render (ms)  tile bytes");
  let previous = started + uploadMs;
  for (const { at, sheet } of done) {
    console.log(
      `${String(sheet.pageNumber).padStart(4)}  ${sheet.status.padEnd(6)}  ${`${sheet.width} × ${sheet.height}`.padEnd(13)}  ${String(Math.round(at - previous)).padStart(11)}  ${kib(sheet.tileBytes)}`,
    );
    previous = at;
  }
  const total = (done.at(-1)?.at ?? started) - started;
  const bytes = done.map((d) => d.sheet.tileBytes);
  console.log(
    `total ${ms(total)}, ${ms(total / done.length)} per page; tile bytes per sheet: median ${kib(bytes.sort((a, b) => a - b)[Math.floor(bytes.length / 2)])}, max ${kib(Math.max(...bytes))}`,
  );

  // 2. Reads while a 100-page set renders vs idle.
  if (!values["browser-only"]) await readsWhileRendering(project, token);

  // 3. Hostile uploads, and another workspace meanwhile.
  if (!values["browser-only"]) await hostileUploads();

  if (!values["skip-browser"]) {
    const { browserFigures } = await import("./plans-browser.mjs");
    await browserFigures({ base: server.url, session, projectId: project.id, sheet: done[0].sheet, call });
  }
}

/** A new account (its own workspace) with one project. */
async function accountWithProject(lastName, projectName) {
  const session = await call(server.url, "POST", "/auth/register", {
    body: {
      firstName: "Bench",
      lastName,
      email: `${lastName.toLowerCase()}.${Date.now()}@example.com`,
      password: "bench-plans-1",
    },
  });
  const token = session.accessToken;
  const project = (await call(server.url, "POST", "/projects", { token, body: { name: projectName } })).project;
  return { session, token, project };
}

/** Another workspace: a project with a rendered 3-page drawing set and 50 pinned reports. */
async function otherWorkspace() {
  const { token, project } = await accountWithProject("Tenant", "Other site");
  const { sheets } = await upload(server.url, token, project.id, await drawingSet(3, "A3"), "Other.pdf");
  const items = Array.from({ length: 50 }, (_, n) => ({
    tempId: `other-${n}`,
    action: "create",
    resource: "snagging",
    data: { projectId: project.id, priority: "medium", sheetId: sheets[n % 3].id, pinX: 0.5, pinY: (n + 1) / 52 },
  }));
  await call(server.url, "POST", "/snagging/sync", { token, body: { items } });
  for (;;) {
    const list = (await call(server.url, "GET", `/projects/${project.id}/sheets`, { token })).sheets;
    if (list.every((s) => s.status !== "processing")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    token,
    projectId: project.id,
    urls: {
      sheets: `${server.url}/api/projects/${project.id}/sheets`,
      reports: `${server.url}/api/snagging?projectId=${project.id}`,
    },
  };
}

async function readsWhileRendering(project, token) {
  // The rule: another workspace's reads, paced as bench:scale's (the same data before and during).
  const other = await otherWorkspace();
  const own = {
    sheets: `${server.url}/api/projects/${project.id}/sheets`,
    reports: `${server.url}/api/snagging?projectId=${project.id}`,
  };
  const keys = ["sheets", "reports"];
  const phase = async () => {
    const figures = { other: {}, own: {} };
    for (const key of keys) figures.other[key] = await reads(other.urls[key], other.token, READ_RATE);
    for (const key of keys) figures.own[key] = await reads(own[key], token);
    return figures;
  };
  await reads(other.urls.sheets, other.token, READ_RATE); // warm-up
  const idle = await phase();
  const big = await drawingSet(100, "A3");
  const bigSheets = (await upload(server.url, token, project.id, big, "100 pages.pdf")).sheets;
  const busy = await phase();
  const left = (await call(server.url, "GET", `/projects/${project.id}/sheets`, { token })).sheets.filter(
    (s) => s.status === "processing",
  ).length;
  const line = (label, a, b, target) =>
    `  ${label.padEnd(22)} p50 ${ms(a.p50)} → ${ms(b.p50)}, p99 ${ms(a.p99)} → ${ms(b.p99)}  (×${(b.p99 / Math.max(1, a.p99)).toFixed(2)}${target ? ", target ≤ 2" : ""})  rps ${Math.round(a.rps)} → ${Math.round(b.rps)}`;
  console.log(
    `\nreads × ${DURATION} s: idle vs while a 100-page set renders in another workspace (${bigSheets.length} sheets; ${left} still rendering at the end)`,
  );
  const pace = READ_RATE > 0 ? `paced at ${READ_RATE} req/s` : `unpaced, ${CONNECTIONS} connections`;
  console.log(`  another workspace (3 sheets, 50 pinned reports), ${pace}:`);
  for (const key of keys) console.log(line(`GET ${key}`, idle.other[key], busy.other[key], true));
  console.log(
    `  the rendering project itself, unpaced, ${CONNECTIONS} connections (its sheet list grows 10 → ${10 + bigSheets.length}):`,
  );
  for (const key of keys) console.log(line(`GET ${key}`, idle.own[key], busy.own[key], false));
  // The rest of the set is deleted so the browser part runs on a quiet server.
  for (const s of bigSheets) await call(server.url, "DELETE", `/sheets/${s.id}`, { token });
}

/** Resident memory of a process from /proc (0 once gone), and of it with its descendants. */
function rss(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
function treeRss(pid) {
  let total = rss(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += treeRss(Number(child));
    }
  } catch {
    // gone meanwhile
  }
  return total;
}
function mb(n) {
  return `${Math.round(n / 1024 / 1024)} MB`;
}

async function uploadStatus(token, projectId, file, name, type = "application/pdf") {
  const form = new FormData();
  form.set("file", new Blob([file], { type }), name);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/projects/${projectId}/sheets`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json().catch(() => ({}));
  return { status: res.status, body, ms: performance.now() - started };
}

/** Polls until the sheet is no longer processing: the sheet, and how long that took (ms). */
async function waitSettled(token, projectId, id) {
  const started = performance.now();
  for (;;) {
    const list = (await call(server.url, "GET", `/projects/${projectId}/sheets`, { token })).sheets;
    const sheet = list.find((s) => s.id === id);
    if (sheet?.status !== "processing") return { sheet, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function hostileUploads() {
  const { token, project } = await accountWithProject("Hostile", "Hostile uploads");
  // The image bomb: RSS of the server, and of it with its drawing processes, sampled every 20 ms.
  const bomb = imagePdf({ pages: 1, width: 60_000, height: 60_000 });
  const baseline = rss(server.pid);
  let peak = baseline;
  let treePeak = treeRss(server.pid);
  const watch = setInterval(() => {
    peak = Math.max(peak, rss(server.pid));
    treePeak = Math.max(treePeak, treeRss(server.pid));
  }, 20);
  const res = await uploadStatus(token, project.id, bomb, "Bomb.pdf");
  let outcome = `upload answered ${res.status} in ${ms(res.ms)}`;
  if (res.status === 201)
    outcome += `, sheet ${(await waitSettled(token, project.id, res.body.sheets[0].id)).sheet.status}`;
  clearInterval(watch);
  console.log(`\nimage bomb (${kib(bomb.length)} PDF, one page drawing a 60,000 × 60,000 image): ${outcome}`);
  console.log(
    `  server RSS ${mb(baseline)} → peak ${mb(peak)} → after ${mb(rss(server.pid))}; with its drawing processes, peak ${mb(treePeak)}`,
  );

  // A 100-page set reusing one image, and another workspace meanwhile.
  const other = await otherWorkspace();
  await reads(other.urls.sheets, other.token, READ_RATE); // warm-up
  const idle = {};
  for (const key of ["sheets", "reports"]) idle[key] = await reads(other.urls[key], other.token, READ_RATE);
  const set = imagePdf({ pages: 100, width: 2000, height: 2000 });
  const setRes = await uploadStatus(token, project.id, set, "Reused image.pdf");
  const busy = {};
  for (const key of ["sheets", "reports"]) busy[key] = await reads(other.urls[key], other.token, READ_RATE);
  const sharp = require("sharp");
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  const pngRes = await uploadStatus(other.token, other.projectId, png, "Other.png", "image/png");
  const ready =
    pngRes.status === 201 ? await waitSettled(other.token, other.projectId, pngRes.body.sheets[0].id) : undefined;
  const waiting = (await call(server.url, "GET", `/projects/${project.id}/sheets`, { token })).sheets.filter(
    (s) => s.status === "processing",
  ).length;
  console.log(
    `\n100-page set reusing one 2000 × 2000 image (${kib(set.length)} PDF): upload answered ${setRes.status} in ${ms(setRes.ms)}`,
  );
  console.log(
    `  another workspace's 800 × 600 PNG: answered ${pngRes.status} in ${ms(pngRes.ms)}, sheet ${ready?.sheet?.status ?? "—"} ${ms(ready?.ms ?? 0)} later; ${waiting} pages of the set still waiting then`,
  );
  const pace = READ_RATE > 0 ? `paced at ${READ_RATE} req/s` : `unpaced, ${CONNECTIONS} connections`;
  console.log(`  another workspace's reads, ${pace}, idle → while the set renders:`);
  for (const key of ["sheets", "reports"]) {
    console.log(
      `  GET ${key.padEnd(8)} p50 ${ms(idle[key].p50)} → ${ms(busy[key].p50)}, p99 ${ms(idle[key].p99)} → ${ms(busy[key].p99)}`,
    );
  }
  for (const s of setRes.body.sheets ?? []) await call(server.url, "DELETE", `/sheets/${s.id}`, { token });
}
