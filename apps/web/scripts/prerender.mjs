// Pre-renders the static pages (src/static-pages.tsx) into dist/prerendered/*.html after `vite
// build`: builds src/prerender.tsx for Node, renders each page with react-dom/static, and fills the
// built static.html (its hashed script and stylesheet) with the markup, the page's <title> and
// modulepreload links for the page's chunk, so the browser fetches it alongside the entry.
// The stylesheet is inlined (the CSP allows inline styles, not inline scripts): the first response
// then paints on its own, without waiting a round trip for render-blocking CSS. No inline script
// is added: the CSP allows scripts from 'self' only.
// Then the signed-in screens (src/app/app-documents.ts): the app's index.html with the shell's frame
// (header, navigation, the screen's skeleton) in #root, into dist/app-shell/ with a routes.json the
// server reads.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { i18nCatalogues } from "../i18n-catalogues.ts";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webDir, "dist");
const ssrOut = path.join(webDir, "node_modules/.prerender");

await build({
  configFile: false,
  root: webDir,
  logLevel: "warn",
  // The frames are rendered in English, the catalogues' source language.
  plugins: [react(), i18nCatalogues({ pseudo: process.env.VITE_PSEUDO_LOCALE === "1" })],
  resolve: { conditions: ["source"] },
  ssr: { noExternal: ["@sitesnag/shared"] },
  build: { ssr: "src/prerender.tsx", outDir: ssrOut, emptyOutDir: true, sourcemap: false },
});
const { STATIC_PAGES, renderStaticPage, APP_DOCUMENTS, renderAppFrame, LOCALES } = await import(
  pathToFileURL(path.join(ssrOut, "prerender.js")).href
);

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

/** A built HTML entry with its stylesheets inlined. */
function inlineStyles(file) {
  const html = readFileSync(path.join(dist, file), "utf8").replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    // The disabled link is never fetched; it tells Vite's loader of lazy chunks that the sheet is
    // already on the page, or it would fetch it again (and hold the chunk back until it arrived).
    (_tag, css) =>
      `<style>${readFileSync(path.join(dist, css), "utf8").replaceAll("</style", "<\\/style")}</style>` +
      `<link rel="stylesheet" href="/${css}" disabled>`,
  );
  if (/<link rel="stylesheet"(?![^>]*disabled)/.test(html))
    throw new Error(`prerender: a stylesheet of ${file} was not inlined`);
  if (!html.includes('<div id="root"></div>')) throw new Error(`prerender: ${file} has no empty #root`);
  return html;
}
/** Preload links for modules' chunks that the entry does not load already. */
const preloadsOf = (modules, alreadyLoaded) =>
  [...new Set(modules.flatMap((module) => [...chunksOf(module)]))]
    .filter((file) => !alreadyLoaded.has(file) && file.endsWith(".js"))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("");
const fill = (html, head, body) =>
  html.replace("</head>", `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${body}</div>`);

const template = inlineStyles("static.html");
const alreadyLoaded = chunksOf("static.html");
mkdirSync(path.join(dist, "prerendered"), { recursive: true });
// A translated page (STATIC_PAGES' `translated`) once per language: prerendered/<file> in English,
// prerendered/<locale>/<file> in each other, chosen by the server (web.routes.ts, decision 0061).
for (const [route, page] of Object.entries(STATIC_PAGES)) {
  for (const locale of page.translated ? LOCALES : ["en-GB"]) {
    let body = await renderStaticPage(route, locale);
    // React emits a page's <title> ahead of its markup; it belongs in the head.
    let html = template.replace('<html lang="en-GB">', `<html lang="${locale}">`);
    const title = body.match(/^(?:<[^>]+>)*?(<title>[^<]*<\/title>)/);
    if (title) {
      body = body.replace(title[1], "");
      html = html.replace(/<title>[^<]*<\/title>/, title[1]);
    }
    // The language's catalogue (virtual:catalogue/<locale>, decision 0050) is fetched with the
    // page's chunk: the page hydrates in the document's language (static-pages.tsx).
    const modules = locale === "en-GB" ? [page.module] : [page.module, `catalogue:${locale}`];
    html = fill(html, preloadsOf(modules, alreadyLoaded), body);
    const folder = locale === "en-GB" ? path.join(dist, "prerendered") : path.join(dist, "prerendered", locale);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, page.file), html);
    const shown = path.relative(dist, path.join(folder, page.file));
    console.log(`prerender: ${route} (${locale}) -> dist/${shown} (${(html.length / 1024).toFixed(1)} KiB)`);
  }
}

// Signed-in screens: the app's own entry (index.html, rendered by main.tsx with createRoot, which
// replaces the frame) with the shell's frame in #root and the screen's chunk preloaded. The server
// answers each route with its file (routes.json); the service worker keeps answering navigations
// with index.html, since everything is on the device by then.
// index.html already carries src/early-reads.ts inline, first (vite.config.ts): the screen's first
// reads start from the document, before the app's code.
const appTemplate = inlineStyles("index.html");
if (!/<head>[\s\S]*?<script>\(\(\)=>\{[\s\S]*?__sitesnagEarlyReads[\s\S]*?<\/script>/.test(appTemplate))
  throw new Error("prerender: index.html does not carry the early reads inline");
const appLoaded = chunksOf("index.html");
/**
 * The frame paints from the HTML alone, so the app's scripts do not block its first paint: they
 * are fetched at low priority, behind the screen's first reads (early-reads.ts keeps its own).
 */
const lowPriorityScripts = (html) =>
  html
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    );
const appDir = path.join(dist, "app-shell");
mkdirSync(appDir, { recursive: true });
const routes = [];
// Each frame once per language: app-shell/<file> in English, app-shell/<locale>/<file> in each other
// (with its catalogue preloaded), chosen by the server as the pre-rendered pages are (web.routes.ts).
for (const doc of APP_DOCUMENTS) {
  for (const locale of LOCALES) {
    // Every signed-in start reads the persisted queries back (main.tsx): that chunk is fetched with
    // the entry rather than once the entry has run, a round trip later.
    const modules = [doc.module, "src/offline/query-persistence.ts"];
    if (locale !== "en-GB") modules.push(`catalogue:${locale}`);
    const frame = await renderAppFrame(doc.path, doc.skeleton, doc.title, locale);
    const page = appTemplate.replace('<html lang="en-GB">', `<html lang="${locale}">`);
    const html = lowPriorityScripts(fill(page, preloadsOf(modules, appLoaded), frame));
    const folder = locale === "en-GB" ? appDir : path.join(appDir, locale);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, doc.file), html);
  }
  routes.push({ path: doc.path, file: doc.file });
}
writeFileSync(path.join(appDir, "routes.json"), JSON.stringify(routes, null, 2));
console.log(
  `prerender: ${routes.length} signed-in screens -> dist/app-shell/ (${routes.map((r) => r.file).join(", ")})`,
);
rmSync(ssrOut, { recursive: true, force: true });
