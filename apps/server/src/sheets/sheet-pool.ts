// Drawings are inspected and rendered in child processes of their own (decision 0047), apart from
// the PDF and photo pools, so a 100-page set never delays a report's PDF or a photo upload, and in
// two lanes, so an upload's inspection never waits behind renders: one process inspects uploads,
// SHEET_WORKERS processes render pages. Each task has a time budget and each process a memory limit
// (SHEET_MEMORY_MB, its resident memory, native included): past either the process is killed, which
// stops native code too and gives everything it held back to the system. pdf.js itself is bounded
// by the page's pixel budget (SHEET_MAX_MEGAPIXELS): images over IMAGE_PIXELS_PER_SHEET_PIXEL times
// the budget are refused at inspection and not decoded when drawn.
import { ProcessMemoryError, ProcessPool, processEntry } from "../workers/process-pool";
import { WorkerTimeoutError } from "../workers/worker-pool";
import type { Inspection, RenderedSheet, SheetKind } from "./sheet-render";
import type { SheetTask } from "./sheet-worker";

/** Uploads waiting to be inspected beyond which an upload answers 503 with Retry-After. */
const SHEET_QUEUE = 20;
const INSPECT_TIMEOUT_MS = 30_000;
/** Renders never wait in the pool: SheetJobs hands it at most `workers` pages at a time. */
const RENDER_QUEUE = 16;
/** An image may hold this many times the rendered sheet's pixels: more could never be seen, and an
 * image of this size still renders within the default time budget and memory limit (decision 0047). */
export const IMAGE_PIXELS_PER_SHEET_PIXEL = 2;

/** Why a render was stopped from outside (time or memory): counted as a strike against its upload. */
export type RenderFailure = { error: string; stopped?: boolean };

export type SheetRenderer = {
  inspect: (bytes: Uint8Array, kind: SheetKind) => Promise<Inspection>;
  /** The rendered page, or `{error}` with the sentence shown on the failed sheet. */
  render: (bytes: Uint8Array, kind: SheetKind, page: number) => Promise<RenderedSheet | RenderFailure>;
  /** The pids of the drawing processes running now (tests and the benchmark read their memory). */
  pids: () => number[];
  close: () => Promise<void>;
};

export function createSheetRenderer(options: {
  workers: number;
  timeoutSeconds: number;
  maxMegapixels: number;
  memoryMb: number;
}): SheetRenderer {
  const entry = processEntry(
    new URL("./sheet-worker.js", import.meta.url),
    new URL("./sheet-worker.ts", import.meta.url),
  );
  const limits = { memoryLimitMb: options.memoryMb, heapLimitMb: Math.max(128, Math.floor(options.memoryMb / 2)) };
  const busyMessage = "The server is busy processing drawings. Please try again in a moment.";
  const inspector = new ProcessPool<SheetTask, Inspection>(entry, 1, SHEET_QUEUE, { ...limits, busyMessage });
  const renderer = new ProcessPool<SheetTask, RenderedSheet | RenderFailure>(entry, options.workers, RENDER_QUEUE, {
    ...limits,
    busyMessage,
  });
  const maxPixels = options.maxMegapixels * 1_000_000;
  const maxImagePixels = maxPixels * IMAGE_PIXELS_PER_SHEET_PIXEL;
  return {
    inspect: async (bytes, kind) => {
      try {
        return await inspector.run({ op: "inspect", kind, bytes, maxImagePixels }, INSPECT_TIMEOUT_MS);
      } catch (err) {
        if (err instanceof WorkerTimeoutError) {
          return { error: "Reading this file took too long, so it was stopped. The file may be damaged." };
        }
        if (err instanceof ProcessMemoryError)
          return { error: "Reading this file needed more memory than allowed, so it was stopped.", tooLarge: true };
        throw err;
      }
    },
    render: async (bytes, kind, page) => {
      try {
        return await renderer.run(
          { op: "render", kind, bytes, page, maxPixels, maxImagePixels },
          options.timeoutSeconds * 1000,
        );
      } catch (err) {
        if (err instanceof WorkerTimeoutError) {
          return {
            error: `Drawing this page took longer than ${options.timeoutSeconds} seconds, so it was stopped.`,
            stopped: true,
          };
        }
        if (err instanceof ProcessMemoryError) {
          return { error: "Drawing this page needed more memory than allowed, so it was stopped.", stopped: true };
        }
        throw err;
      }
    },
    pids: () => [...inspector.pids, ...renderer.pids],
    close: async () => {
      await Promise.all([inspector.close(), renderer.close()]);
    },
  };
}
