// Prints the built web app's sizes (raw and gzip) against budgets. Run after `npm run build`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../apps/web/dist");
const BUDGET_KB = { js: 250, css: 30 }; // gzip, everything loaded on first visit

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const assets = files(path.join(dist, "assets")).filter((f) => /\.(js|css)$/.test(f));
const rows = assets.map((file) => {
  const data = readFileSync(file);
  return {
    file: path.relative(dist, file),
    kind: path.extname(file).slice(1),
    raw: data.length,
    gzip: gzipSync(data).length,
  };
});
const kb = (n) => (n / 1024).toFixed(1);
for (const r of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${r.file.padEnd(48)} ${kb(r.raw).padStart(8)} KiB raw ${kb(r.gzip).padStart(7)} KiB gzip`);
}
// What a first visit downloads: the entry script and stylesheet and every chunk index.html preloads.
const html = readFileSync(path.join(dist, "index.html"), "utf8");
const firstLoad = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
for (const kind of ["js", "css"]) {
  const ofKind = rows.filter((r) => r.kind === kind);
  const first = ofKind.filter((r) => firstLoad.has(r.file)).reduce((sum, r) => sum + r.gzip, 0);
  const total = ofKind.reduce((sum, r) => sum + r.gzip, 0);
  const verdict = first / 1024 <= BUDGET_KB[kind] ? "within" : "OVER";
  console.log(
    `first-load ${kind}: ${kb(first)} KiB gzip — budget ${BUDGET_KB[kind]} KiB: ${verdict} (all chunks: ${kb(total)} KiB)`,
  );
}
