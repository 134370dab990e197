// Pre-renders the static pages (src/static-pages.tsx) into dist/prerendered/*.html after `vite
// build`: builds src/prerender.tsx for Node, renders each page with react-dom/static, and fills the
// built static.html (its hashed script and stylesheet) with the markup, the page's <title> and
// modulepreload links for the page's chunk, so the browser fetches it alongside the entry.
// The stylesheet is inlined (the CSP allows inline styles, not inline scripts): the first response
// then paints on its own, without waiting a round trip for render-blocking CSS. No inline script
// is added: the CSP allows scripts from 'self' only.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webDir, "dist");
const ssrOut = path.join(webDir, "node_modules/.prerender");

await build({
  configFile: false,
  root: webDir,
  logLevel: "warn",
  plugins: [react()],
  resolve: { conditions: ["source"] },
  ssr: { noExternal: ["@sitesnag/shared"] },
  build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, sourcemap: false },
});
const { STATIC_PAGES, renderStaticPage } = await import(pathToFileURL(path.join(ssrOut, "prerender.js")).href);

const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
/** The chunk of a source module and every chunk it imports statically. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`prerender: ${key} is not in the build manifest`);
  if (seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) chunksOf(imported, seen);
  return seen;
}

const template = readFileSync(path.join(dist, "static.html"), "utf8").replace(
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
  (_tag, file) => `<style>${readFileSync(path.join(dist, file), "utf8").replaceAll("</style", "<\\/style")}</style>`,
);
if (template.includes('rel="stylesheet"')) throw new Error("prerender: a stylesheet was not inlined");
const alreadyLoaded = chunksOf("static.html");
mkdirSync(path.join(dist, "prerendered"), { recursive: true });
for (const [route, page] of Object.entries(STATIC_PAGES)) {
  let body = await renderStaticPage(route);
  // React emits a page's <title> ahead of its markup; it belongs in the head.
  let html = template;
  const title = body.match(/^(?:<[^>]+>)*?(<title>[^<]*<\/title>)/);
  if (title) {
    body = body.replace(title[1], "");
    html = html.replace(/<title>[^<]*<\/title>/, title[1]);
  }
  const preloads = [...chunksOf(page.module)]
    .filter((file) => !alreadyLoaded.has(file) && file.endsWith(".js"))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("");
  if (!html.includes('<div id="root"></div>')) throw new Error("prerender: static.html has no empty #root");
  html = html.replace("</head>", `${preloads}</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  writeFileSync(path.join(dist, "prerendered", page.file), html);
  console.log(`prerender: ${route} -> dist/prerendered/${page.file} (${(html.length / 1024).toFixed(1)} KiB)`);
}
rmSync(ssrOut, { recursive: true, force: true });
