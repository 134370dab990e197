// The evidence PDF rendered in the bounded worker pool (decision 0018), so a burst of downloads
// keeps reads on the same instance quick.
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import type { SnagListHead } from "../snag-list/snag-list-pdf";
import { type SnagListFeed, streamSnagList } from "../snag-list/snag-list-stream";
import { runSnagListTask, type SnagListTask } from "../snag-list/snag-list-task";
import { WorkerPool, workerEntry } from "../workers/worker-pool";
import { type PdfInput, renderReportPdf } from "./pdf";

export type PdfRenderer = {
  render: (input: PdfInput) => Promise<Buffer>;
  /** The project snag list, streamed (snag-list-stream.ts), in the same pool as report PDFs. */
  renderSnagList: (head: SnagListHead, feed: SnagListFeed) => Promise<Readable>;
  close: () => Promise<void>;
};

/** One thread per spare core (at least one), at most `queue` more PDFs waiting. */
export function defaultPdfWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Renders on the calling thread: `PDF_WORKERS=0`, for comparison in bench:scale only. */
function inlineRenderer(): PdfRenderer {
  return {
    render: async (input) => {
      const chunks: Buffer[] = [];
      for await (const chunk of renderReportPdf(input)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    renderSnagList: (head, feed) => streamSnagList((task) => runSnagListTask(task), head, feed),
    close: async () => undefined,
  };
}

export function createPdfRenderer(options: { workers: number; queue: number }): PdfRenderer {
  if (options.workers === 0) return inlineRenderer();
  const pool = new WorkerPool<PdfInput | SnagListTask, Uint8Array | number>(
    // dist/main.js sits beside dist/pdf-worker.js; from source, src/snagging/pdf-worker.ts.
    workerEntry(new URL("./pdf-worker.js", import.meta.url), new URL("./pdf-worker.ts", import.meta.url)),
    options.workers,
    options.queue,
  );
  return {
    render: async (input) => {
      // A photo buffer that owns its whole ArrayBuffer is moved to the worker; others are copied.
      const transfer = input.images.flatMap((b) =>
        b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? [b.buffer as ArrayBuffer] : [],
      );
      const bytes = (await pool.run(input, transfer)) as Uint8Array;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    renderSnagList: (head, feed) => streamSnagList((task, transfer) => pool.run(task, transfer), head, feed),
    close: () => pool.close(),
  };
}
