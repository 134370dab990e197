// PDFs made in a pool of worker threads and streamed to the socket as they are written, under one
// memory budget for all PDF work of the process (docs/decisions/0019). Guarantees:
// - A document is never held whole on either thread: the worker posts its chunks as pdfkit writes
//   them (moved, not copied, between threads) and they go out through a Readable.
// - Every PDF holds its estimate of bytes in the shared MemoryBudget (PDF_MEMORY_MB) from before
//   its inputs are read until the worker has finished AND its stream is closed, so the PDFs in
//   flight together stay within the budget; others wait their turn (FIFO). PDFS_PER_USER and the
//   pool's queue (503 when full) still apply on top.
// - Errors before the first byte (pool full, a failed render) reject `stream`, so the route
//   answers them as usual; a failure after it destroys the stream (the download is cut).
// Any PDF can use it: the worker entry registers renderers by `kind` (servePdfDocuments).
import { Readable } from "node:stream";
import type { TransferListItem } from "node:worker_threads";
import type { MemoryBudget } from "./memory-budget";
import type { WorkerPool } from "./worker-pool";

/** The input of any PDF made by the pool: which renderer (`kind`) and its data. */
export type PdfTask = { kind: string };

/** Makes the document of a task on the calling thread (PDF_WORKERS=0, for comparisons). */
export type InlineRender<I> = (input: I) => Promise<Readable>;

export class PdfStreamer<I extends PdfTask> {
  constructor(
    private readonly budget: MemoryBudget,
    private readonly pool: WorkerPool<I, null> | undefined,
    private readonly inline: InlineRender<I>,
  ) {}

  /**
   * Holds `estimateBytes` of the budget (what the PDF's inputs, print copies and output take at
   * most), then `prepare`s the task (reads its inputs) and streams the document. The bytes are
   * released once the stream has closed (sent, failed or abandoned) and the render has finished.
   */
  async stream(
    estimateBytes: number,
    prepare: () => Promise<{ input: I; transfer?: TransferListItem[] }>,
  ): Promise<Readable> {
    const release = await this.budget.acquire(estimateBytes);
    let made: { stream: Readable; done: Promise<unknown> };
    try {
      const { input, transfer } = await prepare();
      made = this.pool ? await this.inPool(this.pool, input, transfer ?? []) : await this.onThisThread(input);
    } catch (error) {
      release();
      throw error;
    }
    const closed = new Promise<void>((resolve) => made.stream.once("close", resolve));
    void Promise.allSettled([closed, made.done]).then(release);
    return made.stream;
  }

  private async onThisThread(input: I): Promise<{ stream: Readable; done: Promise<unknown> }> {
    const stream = await this.inline(input);
    return { stream, done: Promise.resolve() };
  }

  /** Resolves once the first bytes exist (or the document is known to be complete). */
  private inPool(
    pool: WorkerPool<I, null>,
    input: I,
    transfer: TransferListItem[],
  ): Promise<{ stream: Readable; done: Promise<unknown> }> {
    const stream = new Readable({ read() {} });
    return new Promise((resolve, reject) => {
      let started = false;
      let done: Promise<unknown> = Promise.resolve();
      const start = () => {
        if (started) return;
        started = true;
        resolve({ stream, done });
      };
      done = pool
        .run(input, transfer, (chunk) => {
          // A client that left: the rest is dropped as it arrives.
          if (!stream.destroyed) stream.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          start();
        })
        .then(
          () => {
            if (!stream.destroyed) stream.push(null);
            start();
          },
          (error: Error) => {
            if (started) stream.destroy(error);
            else reject(error);
          },
        );
    });
  }
}
