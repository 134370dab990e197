// Bundles the service worker's Background Sync (src/sw/outbox-sync.ts) into dist/sw-sync.js, one
// classic script that the Workbox worker imports (vite.config.ts importScripts), with Rolldown
// (Vite's own bundler). Runs after `vite build` (which empties dist) and before precompress.mjs.
// ~200 KB (60 KB gzip: Dexie and the queue's zod schemas), fetched when the worker installs, never
// by a page.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
await build({
  input: path.join(web, "src/sw/outbox-sync.ts"),
  platform: "browser",
  resolve: { conditionNames: ["source", "import", "browser", "default"] },
  output: { format: "iife", minify: true, file: path.join(web, "dist/sw-sync.js") },
  logLevel: "warn",
});
