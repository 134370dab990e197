// GET /files/<key>: stored files (report photos) streamed from the FileStorage, disk or S3.
// No bearer token (an <img> cannot send one): the key itself, 128 random bits, is the secret.
// Keys are never rewritten with other content, hence the immutable year-long cache lifetime and
// an ETag derived from the key and size. The lifetime is `private`: the browser (and the service
// worker, which forgets a deleted report's photos) may keep a photo, a shared cache (a proxy, a CDN)
// may not, since it would go on serving a deleted photo to anyone holding its URL.
import { createHash } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context";
import { errorBody } from "../http/error-handler";
import type { ByteRange } from "../storage/file-storage";
import { isTrashedFile } from "../trash/trash.repository";

const KEY_PATTERN = /^[a-z0-9]+(\/[a-z0-9][a-z0-9-]*)*\.[a-z0-9]+$/i;
const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

/** A stored file's Content-Type, by its key's extension. */
export const fileContentType = (key: string): string =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";

/** One `bytes=` range (multiple ranges are answered with the whole file, which HTTP allows). */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

export async function fileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const notFound = (url: string) => errorBody(404, `File ${url.split("?")[0]} not found`);

  app.get<{ Params: { "*": string } }>("/files/*", async (request, reply) => {
    const key = request.params["*"];
    if (!KEY_PATTERN.test(key) || key.length > 300) return reply.status(404).send(notFound(request.url));
    const info = await ctx.storage.stat(key);
    if (!info) return reply.status(404).send(notFound(request.url));
    // A deleted report's photos stay stored in the Trash for 30 days, but are not served.
    if (await isTrashedFile(ctx.db, key)) return reply.status(404).send(notFound(request.url));

    const etag = `"${createHash("sha256").update(key).digest("hex").slice(0, 32)}-${info.size.toString(16)}"`;
    reply
      .header("Cache-Control", "private, max-age=31536000, immutable")
      .header("X-Content-Type-Options", "nosniff")
      .header("ETag", etag)
      .header("Accept-Ranges", "bytes")
      .type(fileContentType(key));
    if (request.headers["if-none-match"]?.split(",").some((tag) => tag.trim() === etag)) {
      return reply.status(304).send();
    }

    const ifRange = request.headers["if-range"];
    const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, info.size) : null;
    if (range === "unsatisfiable") {
      return reply.status(416).header("Content-Range", `bytes */${info.size}`).send();
    }
    const stream = await ctx.storage.get(key, range ?? undefined);
    if (!stream) return reply.status(404).send(notFound(request.url));
    if (range) {
      reply
        .status(206)
        .header("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`)
        .header("Content-Length", range.end - range.start + 1);
    } else {
      reply.header("Content-Length", info.size);
    }
    return reply.send(stream);
  });
}
