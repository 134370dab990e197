// The worker side of pdf-stream.ts: makes each task's document with the renderer registered for
// its `kind` and posts it in chunks of about CHUNK_BYTES as pdfkit writes them, each chunk moved
// (transferred) to the request thread, then one `{ok: true}` with the thread's heap size (the
// pool retires a worker whose heap a large document left large). Nothing holds the whole document.

import type { Readable } from "node:stream";
import { getHeapStatistics } from "node:v8";
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

export function servePdfDocuments(renderers: PdfRenderers): void {
  parentPort?.on("message", (task: PdfTask) => {
    const render = renderers[task.kind] as ((input: PdfTask) => Promise<Readable>) | undefined;
    const work = render ? render(task).then(post) : Promise.reject(new Error(`no PDF renderer for '${task.kind}'`));
    // With the answer, this thread's heap size: past the pool's limit it is retired (worker-pool.ts).
    const heapBytes = () => getHeapStatistics().total_heap_size;
    work.then(
      () => parentPort?.postMessage({ ok: true, value: null, heapBytes: heapBytes() }),
      (error: unknown) =>
        parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error), heapBytes: heapBytes() }),
    );
  });
}
