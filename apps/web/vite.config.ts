import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { appChunk, bothEntriesChunk, laterChunk, siteChunk, snaggingChunk } from "./first-load-chunks";
import { i18nCatalogues } from "./i18n-catalogues";
import { lucideImports } from "./lucide-imports";

/**
 * The app's document (index.html, and so every pre-rendered signed-in document made from it, and
 * what the service worker answers navigations with) carries src/early-reads.ts inline, first in
 * its head: a signed-in screen's first reads start while the document is still being parsed,
 * before any of the app's code has arrived (decisions 0011, 0090). As a file (`async` module) it
 * cost one more round trip before the reads, and Chromium ran it only after the app's entry.
 * The server allows exactly this script by its hash (security-headers.ts, inlineScriptHashes).
 */
function earlyReadsScript(): Plugin {
  let inlined: string | undefined;
  return {
    name: "sitesnag-early-reads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        if (!context.path.endsWith("/index.html")) return html;
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) =>
            output.type === "chunk" && output.isEntry && output.facadeModuleId?.endsWith("/src/early-reads.ts"),
        );
        if (chunk?.type !== "chunk") throw new Error("early-reads: no chunk for src/early-reads.ts");
        const code = chunk.code.trim();
        // A classic script: nothing to import or export, and nothing that would end the element.
        if (chunk.imports.length > 0 || chunk.exports.length > 0 || /^\s*(import|export)\b/m.test(code))
          throw new Error("early-reads: the chunk must stand alone (no imports, no exports)");
        if (/<\/script|<!--/i.test(code)) throw new Error("early-reads: the chunk cannot be inlined as it is");
        inlined = chunk.fileName;
        // Its own scope: the bundler's top-level names stay out of window.
        return html.replace('<script type="module"', `<script>(()=>{${code}})()</script><script type="module"`);
      },
    },
    // Inlined, so not a file of its own (nor precached).
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (!inlined) return;
        delete bundle[inlined];
        delete bundle[`${inlined}.map`];
      },
    },
  };
}

/**
 * V8's explicit compile hint on the chunks a signed-in start runs nearly all of (React DOM, the
 * app's entry chunk): their functions are compiled eagerly off the main thread while they
 * download, instead of one by one on the main thread when first called (decision 0045). The
 * comment has to come first, before the import-map helper the bundler writes at the top of a
 * chunk, so it goes into the written files; their source maps gain the empty first line.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

function eagerCompileHint(chunkNames: readonly string[]): Plugin {
  return {
    name: "sitesnag-eager-compile-hint",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !chunkNames.includes(output.name)) continue;
        const file = path.join(dir, output.fileName);
        await writeFile(file, `${COMPILE_HINT}\n${await readFile(file, "utf8")}`);
        const mapFile = `${file}.map`;
        const map = JSON.parse(await readFile(mapFile, "utf8"));
        map.mappings = `;${map.mappings}`;
        await writeFile(mapFile, JSON.stringify(map));
      }
    },
  };
}

const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL("dist/production/index.mjs", import.meta.resolve("react-router/package.json")),
);

export default defineConfig(({ mode }) => ({
  resolve: {
    conditions: ["source"],
    // zod without its JIT, whose `new Function` probe the CSP refuses (src/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("./src/lib/zod-jitless.ts", import.meta.url)) },
      // React Router's package exports name only its development build (the same code with its
      // console warnings for developers left on); a production build takes its production build,
      // without them (first-load budget).
      ...(mode === "production" ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : []),
    ],
  },
  plugins: [
    earlyReadsScript(),
    eagerCompileHint(["react-dom", "app"]),
    // The pseudo-locale (en-XA) in development and in builds for the pseudo-locale pass only.
    i18nCatalogues({ pseudo: mode !== "production" || process.env.VITE_PSEUDO_LOCALE === "1" }),
    react(),
    lucideImports(),
    tailwindcss(),
    VitePWA({
      strategies: "generateSW",
      filename: "sw.js",
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/*.png"],
      manifest: {
        name: "SiteSnag",
        short_name: "SiteSnag",
        description: "Snagging reports and site safety audits that work offline.",
        start_url: "/app/dashboard",
        scope: "/",
        display: "standalone",
        background_color: "#f8fafc",
        theme_color: "#ea580c",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // The service worker is Workbox's code and ours in plain sight; no map to point at (it is not served).
        sourcemap: false,
        // The first install takes charge of the open tabs at once (issue 33): from then on a chunk
        // they ask for comes from the precache, so a first visit works offline once it is in. An
        // update still waits for the user's OK (registerType "prompt", use-pwa-lifecycle.ts).
        clientsClaim: true,
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api\//, /^\/files\//],
        // Drawing tiles (/files/sheets/) are answered by public/sw-plans.js, and API reads (network
        // first, the user's last answer for a week when offline: decision 0031) by public/sw-api.js,
        // both imported before Workbox's own routes; Background Sync of the outbox by sw-sync.js
        // (src/sw/outbox-sync.ts, bundled by scripts/build-sw-sync.mjs).
        importScripts: ["/sw-plans.js", "/sw-api.js", "/sw-sync.js"],
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith("/files/") && !url.pathname.startsWith("/files/sheets/"),
            handler: "CacheFirst",
            options: {
              cacheName: "images",
              expiration: { maxAgeSeconds: 30 * 24 * 60 * 60, maxEntries: 500, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/files": "http://localhost:3000" },
  },
  build: {
    // Hidden: maps are written for error reports but no bundle points at them, and the server
    // refuses to serve *.map (web.routes.ts).
    sourcemap: "hidden",
    chunkSizeWarningLimit: 600,
    // static.html hydrates the pre-rendered pages (scripts/prerender.mjs); the manifest tells that
    // script and bench/bundle-size.mjs which chunks each page loads.
    manifest: true,
    rollupOptions: {
      // early-reads.ts: the first reads of a signed-in screen, started by its pre-rendered document.
      input: { main: "index.html", static: "static.html", "early-reads": "src/early-reads.ts" },
      output: {
        // A few chunks for what a first load fetches instead of dozens (first-load-chunks.ts). Vite's
        // preload helper and lazyZodResolver go with React DOM: split off, they cost /login one more
        // request and 0.6 KiB more gzip.
        codeSplitting: {
          groups: [
            { name: bothEntriesChunk, priority: 4 },
            { name: siteChunk, priority: 3 },
            { name: laterChunk, priority: 2 },
            { name: appChunk, priority: 1 },
            { name: snaggingChunk, priority: 0 },
          ],
        },
      },
    },
  },
}));
