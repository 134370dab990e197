// The snag list as a `kind` of the PDF pool (worker thread, or inline with PDF_WORKERS=0). The
// request thread gives the task a MessagePort; the renderer asks for entries one batch at a time
// ("more") while pdfkit's output goes back through the pool's chunk stream (workers/pdf-stream.ts),
// so neither thread ever holds the whole list or the whole document.
import type { Readable } from "node:stream";
import type { MessagePort } from "node:worker_threads";
import { SnagListDocument, type SnagListEntry, type SnagListHead } from "./snag-list-pdf";

export type SnagListTask = { kind: "snag-list"; head: SnagListHead; port: MessagePort };
/** Request thread → worker, on the task's port. */
export type FeedMessage = { type: "batch"; entries: SnagListEntry[] } | { type: "end" } | { type: "abort" };
/** Worker → request thread, on the task's port. */
export type WorkerMessage = { type: "more" };

const nextMessage = (port: MessagePort) =>
  new Promise<FeedMessage>((resolve) => port.once("message", (message: FeedMessage) => resolve(message)));

/** The document, fed batch by batch as the request thread answers "more"; ends after "end". */
export async function renderSnagListDocument(task: SnagListTask): Promise<Readable> {
  const { port } = task;
  const list = new SnagListDocument(task.head);
  const feed = async () => {
    for (;;) {
      port.postMessage({ type: "more" } satisfies WorkerMessage);
      const message = await nextMessage(port);
      if (message.type === "abort") throw new Error("snag list abandoned");
      if (message.type === "end") break;
      list.add(message.entries);
    }
    list.finish();
  };
  feed()
    .catch((error: unknown) => list.doc.destroy(error as Error))
    .finally(() => port.close());
  return list.doc;
}
