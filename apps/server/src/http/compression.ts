// Compresses API answers above a small threshold (brotli or gzip by Accept-Encoding, with Vary).
// Static files are not compressed here: the build writes .br/.gz copies that web.routes.ts sends.
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Below this many bytes the saving is smaller than the cost (and than one packet). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    // JSON and text (CSV exports); images and PDFs are already compressed and are left alone.
    customTypes: /^(application\/json|text\/)/,
    // Request bodies are never accepted compressed: a small gzip can inflate past bodyLimit.
    globalDecompression: false,
  });
}
