// The snag list's side of a PDF worker (worker thread). The request thread gives the task a
// MessagePort; the worker asks for entries one batch at a time ("more") and sends the PDF's bytes
// back as pdfkit writes them ("chunk"), so neither thread ever holds the whole list or document.
import type { MessagePort } from "node:worker_threads";
import { SnagListDocument, type SnagListEntry, type SnagListHead } from "./snag-list-pdf";

export type SnagListTask = { kind: "snag-list"; head: SnagListHead; port: MessagePort };
/** Request thread → worker, on the task's port. */
export type FeedMessage = { type: "batch"; entries: SnagListEntry[] } | { type: "end" } | { type: "abort" };
/** Worker → request thread, on the task's port. */
export type WorkerMessage = { type: "more" } | { type: "chunk"; bytes: Uint8Array } | { type: "done" };

export const isSnagListTask = (input: unknown): input is SnagListTask =>
  typeof input === "object" && input !== null && (input as { kind?: unknown }).kind === "snag-list";

const nextMessage = (port: MessagePort) =>
  new Promise<FeedMessage>((resolve) => port.once("message", (message: FeedMessage) => resolve(message)));

/** Renders the list; answers the number of pages (or 0 when the request thread gave up). */
export async function runSnagListTask(task: SnagListTask): Promise<number> {
  const { port } = task;
  const list = new SnagListDocument(task.head);
  list.doc.on("data", (chunk: Buffer) => {
    // A copy that owns its memory, moved (not copied again) to the request thread.
    const bytes = new Uint8Array(chunk.byteLength);
    bytes.set(chunk);
    port.postMessage({ type: "chunk", bytes } satisfies WorkerMessage, [bytes.buffer]);
  });
  const ended = new Promise<void>((resolve) => list.doc.on("end", () => resolve()));
  try {
    for (;;) {
      port.postMessage({ type: "more" } satisfies WorkerMessage);
      const message = await nextMessage(port);
      if (message.type === "abort") return 0;
      if (message.type === "end") break;
      list.add(message.entries);
    }
    const pages = list.doc.bufferedPageRange().count;
    list.finish();
    await ended;
    // After the last chunk on the same port: the request thread ends the response on it.
    port.postMessage({ type: "done" } satisfies WorkerMessage);
    return pages;
  } finally {
    port.close();
  }
}
