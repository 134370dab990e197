// Writes brotli (.br) and gzip (.gz) copies of every compressible file in dist, so the server sends
// them as they are (@fastify/static `preCompressed`) instead of compressing per request or not at
// all. Maximum compression is affordable here because it happens once per build. Runs last in the
// build, after the service worker and the pre-rendered pages are written.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Usage: node scripts/precompress.mjs [dir]   (default: apps/web/dist)
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../dist"));
// Images are already compressed; source maps are for developers and not worth the build time.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024; // below this the saving is smaller than a packet

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

let count = 0;
for (const file of files(dist).filter((f) => COMPRESSIBLE.test(f))) {
  const data = readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  count++;
}
console.log(`precompress: brotli and gzip copies of ${count} files`);
