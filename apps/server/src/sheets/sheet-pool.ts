// Drawings are inspected and rendered in their own bounded pool of worker threads (SHEET_WORKERS,
// default 1), apart from the PDF and photo pools, so a 100-page set never delays a report's PDF or
// a photo upload. Each task has a time budget (the worker is terminated past it) and each thread a
// heap cap; the page's pixel budget (SHEET_MAX_MEGAPIXELS) bounds the canvas, which lives outside
// the heap. A stopped or crashed worker is replaced on the next task: the pool is never left broken.
import { WorkerPool, WorkerTimeoutError, workerEntry } from "../workers/worker-pool";
import type { Inspection, RenderedSheet, SheetKind } from "./sheet-render";
import type { SheetTask } from "./sheet-worker";

/** Uploads waiting to be inspected beyond which an upload answers 503 with Retry-After. */
const SHEET_QUEUE = 20;
const INSPECT_TIMEOUT_MS = 30_000;
const HEAP_LIMIT_MB = 1024;

export type SheetRenderer = {
  inspect: (bytes: Uint8Array, kind: SheetKind) => Promise<Inspection>;
  /** The rendered page, or `{error}` with the sentence shown on the failed sheet. */
  render: (bytes: Uint8Array, kind: SheetKind, page: number) => Promise<RenderedSheet | { error: string }>;
  close: () => Promise<void>;
};

export function createSheetRenderer(options: {
  workers: number;
  timeoutSeconds: number;
  maxMegapixels: number;
}): SheetRenderer {
  const entry = workerEntry(
    new URL("./sheet-worker.js", import.meta.url),
    new URL("./sheet-worker.ts", import.meta.url),
  );
  const pool = new WorkerPool<SheetTask, Inspection | RenderedSheet | { error: string }>(
    { ...entry, options: { ...entry.options, resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } } },
    options.workers,
    SHEET_QUEUE,
    "The server is busy processing drawings. Please try again in a moment.",
  );
  // Each task gets its own copy of the file: a transferred buffer is gone from this thread.
  const copy = (bytes: Uint8Array) => new Uint8Array(bytes);
  return {
    inspect: async (bytes, kind) => {
      const data = copy(bytes);
      try {
        return (await pool.run(
          { op: "inspect", kind, bytes: data },
          [data.buffer],
          undefined,
          INSPECT_TIMEOUT_MS,
        )) as Inspection;
      } catch (err) {
        if (err instanceof WorkerTimeoutError) {
          return { error: "Reading this file took too long, so it was stopped. The file may be damaged." };
        }
        if (isOutOfMemory(err))
          return { error: "Reading this file needed more memory than allowed, so it was stopped." };
        throw err;
      }
    },
    render: async (bytes, kind, page) => {
      const data = copy(bytes);
      const task: SheetTask = { op: "render", kind, bytes: data, page, maxPixels: options.maxMegapixels * 1_000_000 };
      try {
        return (await pool.run(task, [data.buffer], undefined, options.timeoutSeconds * 1000)) as
          | RenderedSheet
          | { error: string };
      } catch (err) {
        if (err instanceof WorkerTimeoutError) {
          return { error: `Drawing this page took longer than ${options.timeoutSeconds} seconds, so it was stopped.` };
        }
        if (isOutOfMemory(err))
          return { error: "Drawing this page needed more memory than allowed, so it was stopped." };
        throw err;
      }
    },
    close: () => pool.close(),
  };
}

const isOutOfMemory = (err: unknown): boolean =>
  /ERR_WORKER_OUT_OF_MEMORY|out of memory|heap limit/i.test(String((err as Error)?.message ?? err));
