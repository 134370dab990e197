// The request thread's side of a snag list render (see snag-list-task.ts). The answer is a
// Readable of the PDF's bytes; the next batch of entries is read from the database and storage
// only when the worker asks for it AND the bytes already made have mostly been taken by the
// client, so a slow client holds the worker back instead of filling memory.
import { Readable } from "node:stream";
import { MessageChannel, type TransferListItem } from "node:worker_threads";
import type { SnagListEntry, SnagListHead } from "./snag-list-pdf";
import type { FeedMessage, SnagListTask, WorkerMessage } from "./snag-list-task";

/** Bytes of PDF held for the client before the worker is made to wait. */
const HIGH_WATER = 1024 * 1024;

/** The next batch of entries, or null when there are no more. */
export type SnagListFeed = () => Promise<SnagListEntry[] | null>;
export type RunTask = (task: SnagListTask, transfer: TransferListItem[]) => Promise<unknown>;

const ownedBuffers = (entries: readonly SnagListEntry[]): ArrayBuffer[] =>
  entries.flatMap((e) =>
    e.photos.flatMap((p) =>
      p.bytes && p.bytes.byteOffset === 0 && p.bytes.byteLength === p.bytes.buffer.byteLength
        ? [p.bytes.buffer as ArrayBuffer]
        : [],
    ),
  );

/**
 * Starts the render and answers the stream once a worker has taken the task (a full pool rejects
 * here, before any byte is sent, so the caller can still answer 503).
 */
export function streamSnagList(run: RunTask, head: SnagListHead, feed: SnagListFeed): Promise<Readable> {
  const { port1, port2 } = new MessageChannel();
  let wake: (() => void) | null = null;
  let finished = false;
  const send = (message: FeedMessage, transfer: ArrayBuffer[] = []) => {
    if (!finished) port1.postMessage(message, transfer);
  };
  const out = new Readable({
    highWaterMark: HIGH_WATER,
    read() {
      const resume = wake;
      wake = null;
      resume?.();
    },
    destroy(error, callback) {
      // The client went away (or a read failed): the worker stops at its next batch.
      send({ type: "abort" });
      finished = true;
      const resume = wake;
      wake = null;
      resume?.();
      callback(error);
    },
  });
  const roomy = () =>
    out.readableLength < HIGH_WATER ? Promise.resolve() : new Promise<void>((resolve) => (wake = resolve));

  return new Promise<Readable>((resolve, reject) => {
    let started = false;
    port1.on("message", (message: WorkerMessage) => {
      if (message.type === "chunk") {
        if (!out.destroyed)
          out.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        return;
      }
      if (message.type === "done") {
        finished = true;
        port1.close();
        out.push(null);
        return;
      }
      if (!started) {
        started = true;
        resolve(out);
      }
      void (async () => {
        await roomy();
        if (out.destroyed) return;
        const entries = await feed();
        if (entries) send({ type: "batch", entries }, ownedBuffers(entries));
        else send({ type: "end" });
      })().catch((error: unknown) => {
        out.destroy(error as Error);
      });
    });
    run({ kind: "snag-list", head, port: port2 }, [port2]).then(
      () => {
        // Finished: "done" (on the port, maybe still in flight) ends the stream. Aborted: the
        // stream is already destroyed and nothing more will come.
        if (out.destroyed) port1.close();
      },
      (error: unknown) => {
        finished = true;
        port1.close();
        if (!started) reject(error);
        else out.destroy(error as Error);
      },
    );
  });
}
