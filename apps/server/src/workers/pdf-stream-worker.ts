// The worker side of pdf-stream.ts: makes each task's document with the renderer registered for
// its `kind` and posts it in chunks of about CHUNK_BYTES as pdfkit writes them, each chunk moved
// (transferred) to the request thread, then one `{ok: true}` with the thread's heap in use. A
// document that left the heap large is followed by a full collection here; a heap still holding
// more than the limit after it gets the worker retired by the pool (decision 0087). Nothing holds the whole document.

import type { Readable } from "node:stream";
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import type { PdfTask } from "./pdf-stream";

const CHUNK_BYTES = 256 * 1024;

export type PdfRenderers = Record<string, (input: never) => Promise<Readable>>;

async function post(document: Readable): Promise<void> {
  let pending: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size === 0) return;
    // One fresh buffer that owns its memory, so it can be moved rather than copied.
    const chunk = new Uint8Array(size);
    let at = 0;
    for (const part of pending) {
      chunk.set(part, at);
      at += part.length;
    }
    pending = [];
    size = 0;
    parentPort?.postMessage({ chunk }, [chunk.buffer]);
  };
  for await (const part of document) {
    const bytes = part as Buffer;
    pending.push(bytes);
    size += bytes.length;
    if (size >= CHUNK_BYTES) flush();
  }
  flush();
}

let gc: (() => void) | undefined;
/**
 * A full collection of this thread's heap. The server does not run with --expose-gc; the flag is
 * set for the one context made here to read `gc` from (as Jest's leak detection does).
 */
function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
  }
  gc();
}

/**
 * Serves each task with the renderer of its `kind`. After a task that left this thread's heap over
 * `collectAboveBytes`, a full collection: the small young generation (PDF_WORKER_HEAP) promotes
 * much of a long document's garbage, which only a full collection frees, and an idle worker never
 * starts one (a 2,000-snag weekly report left 80–200 MB of it; decision 0087).
 */
export function servePdfDocuments(renderers: PdfRenderers, collectAboveBytes = Number.POSITIVE_INFINITY): void {
  parentPort?.on("message", (task: PdfTask) => {
    const render = renderers[task.kind] as ((input: PdfTask) => Promise<Readable>) | undefined;
    const work = render ? render(task).then(post) : Promise.reject(new Error(`no PDF renderer for '${task.kind}'`));
    // With the answer, what this thread's heap holds: over the limit after a full collection (live
    // data, not garbage), the pool retires the worker (worker-pool.ts). Its heap's size right after
    // the collection would still count pages not yet released, and a retired worker's memory stays
    // in the allocator's arenas: retiring on that made RSS higher, not lower (decision 0087).
    const heapBytes = () => {
      if (getHeapStatistics().total_heap_size <= collectAboveBytes) return getHeapStatistics().used_heap_size;
      collectGarbage();
      return getHeapStatistics().used_heap_size;
    };
    work.then(
      () => parentPort?.postMessage({ ok: true, value: null, heapBytes: heapBytes() }),
      (error: unknown) =>
        parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error), heapBytes: heapBytes() }),
    );
  });
}
