// Per-route first-load size of the built web app against the budgets of issue 7: what a first
// visit to each route downloads before it can show the screen: the HTML (pre-rendered pages
// carry their stylesheet inline), its entry script, modulepreloads and stylesheets, plus (for routes of the single-page app) the route's lazy chunks
// and everything they import statically, read from Vite's build manifest. Sizes are gzip (level 9,
// as the server sends them) with brotli alongside, and how many scripts that is (over HTTP/1.1 a
// browser fetches 6 at a time, so every 6 more scripts is one more round trip; first-load-chunks.ts).
// Run after `npm run build`.
// A new screen: add its route and source modules to ROUTES below.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const KIB = 1024;
const PUBLIC_BUDGET = 90 * KIB; // JS, gzip: `/` and `/login`
const APP_BUDGET = 140 * KIB; // JS, gzip: every /app route
// The plan viewer (issue 24) carries the deep-zoom viewer (OpenSeadragon, ~90 KiB gzip) in its own
// lazy chunk, loaded on that screen only: its budget is the app's plus the viewer's.
const PLAN_BUDGET = 235 * KIB;
// The signed-in shell (header, navigation) is in the app entry, so it is counted there. Signed-in
// screens are served their pre-rendered document (app-shell/*.html: the entry, the screen's chunks
// as modulepreloads and the shell's frame); the admin area gets index.html.

// html: the document the server sends for the route; modules: the route's lazy chunks (router.tsx).
const ROUTES = [
  { path: "/", html: "prerendered/index.html", budget: PUBLIC_BUDGET },
  { path: "/login", html: "prerendered/login.html", budget: PUBLIC_BUDGET },
  { path: "/privacy", html: "prerendered/privacy.html" },
  { path: "/signup", html: "index.html", modules: ["src/features/auth/signup-page.tsx"] },
  { path: "/forgot-password", html: "index.html", modules: ["src/features/auth/forgot-password-page.tsx"] },
  { path: "/reset-password", html: "index.html", modules: ["src/features/auth/reset-password-page.tsx"] },
  { path: "/unsubscribe", html: "index.html", modules: ["src/features/mail/unsubscribe-page.tsx"] },
  // The share page loads with the app entry (like /signup): measured, no budget of its own yet.
  { path: "/s/:token", html: "index.html", modules: ["src/features/sharing/share-page.tsx"] },
  {
    path: "/app/dashboard",
    html: "app-shell/dashboard.html",
    modules: ["src/app/dashboard-screen.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/projects",
    html: "app-shell/projects.html",
    modules: ["src/features/projects/projects-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/projects/:id",
    html: "app-shell/project.html",
    modules: ["src/features/projects/project-detail-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/snagging",
    html: "app-shell/snagging.html",
    modules: ["src/features/snagging/snagging-list-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/snagging/:id",
    html: "app-shell/report.html",
    modules: ["src/features/snagging/snagging-detail-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/snagging/new",
    html: "app-shell/snagging-new.html",
    modules: ["src/features/snagging/report-form-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/audits",
    html: "app-shell/audits.html",
    modules: ["src/features/audits/audits-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/audits/:id",
    html: "app-shell/audit.html",
    modules: ["src/features/audits/audit-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/profile",
    html: "app-shell/profile.html",
    modules: ["src/features/profile/profile-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/team",
    html: "app-shell/team.html",
    modules: ["src/features/team/team-page.tsx"],
    budget: APP_BUDGET,
  },
  { path: "/app/trash", html: "index.html", modules: ["src/features/trash/trash-page.tsx"], budget: APP_BUDGET },
  {
    path: "/app/audit-templates",
    html: "index.html",
    modules: ["src/features/audit-templates/templates-route.tsx", "src/features/audit-templates/templates-page.tsx"],
    budget: APP_BUDGET,
  },
  {
    path: "/app/audit-templates/:id",
    html: "index.html",
    modules: [
      "src/features/audit-templates/templates-route.tsx",
      "src/features/audit-templates/template-editor-page.tsx",
    ],
    budget: APP_BUDGET,
  },
  { path: "/app/admin", html: "index.html", modules: ["src/features/admin/admin-page.tsx"], budget: APP_BUDGET },
  {
    path: "/app/projects/:id/sheets/:sheetId",
    html: "index.html",
    modules: ["src/features/sheets/sheet-viewer-page.tsx"],
    budget: PLAN_BUDGET,
  },
];

const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const data = readFileSync(path.join(dist, file));
    sizes.set(file, {
      gzip: gzipSync(data, { level: 9 }).length,
      br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}
/** A manifest entry's chunk, its CSS, and everything it imports statically. */
function closure(key, files) {
  const entry = manifest[key];
  if (!entry) throw new Error(`bundle-size: ${key} is not in the build manifest; update ROUTES`);
  if (files.has(entry.file)) return;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const imported of entry.imports ?? []) closure(imported, files);
}
function firstLoad(route) {
  const html = readFileSync(path.join(dist, route.html), "utf8");
  // A disabled stylesheet link is not fetched: the pre-rendered documents carry the sheet inline.
  const files = new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"[^>]*>/g)]
      .filter((m) => !/\sdisabled[\s>]/.test(m[0]))
      .map((m) => m[1]),
  );
  for (const module of route.modules ?? []) closure(module, files);
  return [...files];
}

const kib = (n) => (n / KIB).toFixed(1).padStart(6);
let over = 0;
console.log(
  `${"route".padEnd(20)} ${"JS gzip".padStart(10)} ${"JS br".padStart(9)} ${"scripts".padStart(7)} ${"CSS gzip".padStart(9)} ${"HTML gzip".padStart(10)}  budget`,
);
for (const route of ROUTES) {
  const files = firstLoad(route);
  const sum = (ext, kind) => files.filter((f) => f.endsWith(ext)).reduce((s, f) => s + size(f)[kind], 0);
  const js = sum(".js", "gzip");
  const verdict = route.budget
    ? `${kib(route.budget)} KiB ${js <= route.budget ? "within" : "OVER"} (${route.budget - js} B left)`
    : "";
  if (route.budget && js > route.budget) over++;
  console.log(
    `${route.path.padEnd(20)} ${kib(js)} KiB ${kib(sum(".js", "br"))} KiB ${String(files.filter((f) => f.endsWith(".js")).length).padStart(7)} ${kib(sum(".css", "gzip"))} KiB ${kib(size(route.html).gzip)} KiB  ${verdict}`,
  );
}
// Every chunk, largest first, for finding what to move out of a first load.
const assets = readdirSync(path.join(dist, "assets")).filter((f) => /\.(js|css)$/.test(f));
console.log("\nlargest chunks (gzip):");
for (const f of assets
  .map((f) => `assets/${f}`)
  .sort((a, b) => size(b).gzip - size(a).gzip)
  .slice(0, 12)) {
  console.log(`  ${f.padEnd(48)} ${kib(statSync(path.join(dist, f)).size)} KiB raw ${kib(size(f).gzip)} KiB gzip`);
}
if (!existsSync(path.join(dist, "prerendered"))) console.log("note: no pre-rendered pages in this build");
if (over) console.log(`\n${over} route(s) over budget`);
