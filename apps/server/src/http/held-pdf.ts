import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import type { PerKeyLimit } from "./per-key-limit";

/**
 * Sends a streamed PDF as an attachment while holding one of `key`'s places in the PDF limit: taken
 * before the document is made (429 when none is left), given back when its stream closes (sent, or
 * the client left) or when making it fails.
 */
export async function sendHeldPdf(
  reply: FastifyReply,
  limit: PerKeyLimit,
  key: string,
  open: () => Promise<{ stream: Readable; fileName: string }>,
) {
  const release = limit.hold(key);
  try {
    const { stream, fileName } = await open();
    stream.once("close", release);
    return reply
      .type("application/pdf")
      .header("Content-Disposition", `attachment; filename="${fileName}"`)
      .header("Cache-Control", "no-store")
      .send(stream);
  } catch (error) {
    release();
    throw error;
  }
}
