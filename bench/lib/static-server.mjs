// Serves a built single-page app's folder (e.g. another project's `dist/`) on a free port, for
// bench:web to audit it beside ours: every file compressed once at start (brotli and gzip, chosen
// by Accept-Encoding, with Vary, as our server sends its precompressed copies), unknown paths
// answered with index.html (a client-side router), hashed assets cached for a year. Fastify, as
// our server, so both answer through the same HTTP stack.
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { freePort } from "./server.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};
const COMPRESSIBLE = /\.(html|m?js|css|json|webmanifest|svg|txt)$/;

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** `dir` is a built app's output folder with an index.html. */
export async function startStaticServer(dir) {
  const root = path.resolve(dir);
  const files = new Map(); // URL path -> { type, raw, br, gz }
  for (const file of await filesUnder(root)) {
    if (file.endsWith(".map")) continue;
    const raw = await readFile(file);
    const compress = COMPRESSIBLE.test(file) && raw.length > 1024;
    files.set(`/${path.relative(root, file).split(path.sep).join("/")}`, {
      type: TYPES[path.extname(file)] ?? "application/octet-stream",
      raw,
      br: compress ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : null,
      gz: compress ? gzipSync(raw, { level: 9 }) : null,
    });
  }
  const index = files.get("/index.html");
  if (!index) throw new Error(`${root} has no index.html`);
  // The server's Fastify (bench has no dependency of its own on it).
  const fastifyEntry = createRequire(path.join(here, "../../apps/server/package.json")).resolve("fastify");
  const { default: Fastify } = await import(pathToFileURL(fastifyEntry).href);
  const app = Fastify({ logger: false });
  app.get("/*", (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split("?")[0]);
    const file = files.get(urlPath) ?? (path.extname(urlPath) ? null : index);
    if (!file) return reply.code(404).send("Not found");
    const accepts = String(request.headers["accept-encoding"] ?? "");
    const encoding = file.br && /\bbr\b/.test(accepts) ? "br" : file.gz && /\bgzip\b/.test(accepts) ? "gzip" : null;
    reply.header("content-type", file.type);
    reply.header("cache-control", urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    if (file.br) reply.header("vary", "Accept-Encoding");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? file.br : encoding === "gzip" ? file.gz : file.raw);
  });
  const port = await freePort();
  await app.listen({ port, host: "127.0.0.1" });
  return { url: `http://127.0.0.1:${port}`, stop: () => app.close() };
}
