// The request thread's side of a snag list render (see snag-list-task.ts). The document streams
// through the PDF pool like any PDF (workers/pdf-stream.ts: budget, queue, moved chunks); the next
// batch of entries is read from the database and storage only when the worker asks for it AND
// less than HIGH_WATER of PDF is waiting for the client, so a slow client holds the worker back
// instead of filling memory.
import type { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { MessageChannel } from "node:worker_threads";
import type { PdfRenderer } from "../workers/pdf-pool";
import type { SnagListEntry, SnagListHead } from "./snag-list-pdf";
import type { FeedMessage, WorkerMessage } from "./snag-list-task";

/** Bytes of PDF held for the client before the worker is made to wait. */
const HIGH_WATER = 2 * 1024 * 1024;
/** The list's share of the PDF memory budget: pdfkit and fonts, one batch of thumbnails, HIGH_WATER. */
export const SNAG_LIST_ESTIMATE = 32 * 1024 * 1024;

/** The next batch of entries, or null when there are no more. */
export type SnagListFeed = () => Promise<SnagListEntry[] | null>;

const ownedBuffers = (entries: readonly SnagListEntry[]): ArrayBuffer[] =>
  entries.flatMap((e) =>
    e.photos.flatMap((p) =>
      p.bytes && p.bytes.byteOffset === 0 && p.bytes.byteLength === p.bytes.buffer.byteLength
        ? [p.bytes.buffer as ArrayBuffer]
        : [],
    ),
  );

/** Answers the stream once the first bytes exist (a full pool or budget wait happens before). */
export async function streamSnagList(pdf: PdfRenderer, head: SnagListHead, feed: SnagListFeed): Promise<Readable> {
  const { port1, port2 } = new MessageChannel();
  let out: Readable | undefined;
  let closed = false;
  const send = (message: FeedMessage, transfer: ArrayBuffer[] = []) => {
    if (!closed) port1.postMessage(message, transfer);
  };
  const close = () => {
    if (closed) return;
    send({ type: "abort" });
    closed = true;
    port1.close();
  };
  // Waits while the client has not taken what was already made.
  const roomy = async () => {
    while (out && !out.destroyed && out.readableLength >= HIGH_WATER) await sleep(20);
  };
  port1.on("message", (_message: WorkerMessage) => {
    void (async () => {
      await roomy();
      if (out?.destroyed || closed) return;
      const entries = await feed();
      if (entries) send({ type: "batch", entries }, ownedBuffers(entries));
      else send({ type: "end" });
    })().catch((error: unknown) => {
      close();
      out?.destroy(error as Error);
    });
  });
  try {
    out = await pdf.stream(SNAG_LIST_ESTIMATE, async () => ({
      input: { kind: "snag-list", head, port: port2 },
      transfer: [port2],
    }));
  } catch (error) {
    close();
    throw error;
  }
  out.once("close", close);
  return out;
}
