// Worker thread entry for drawings: inspects uploads and renders pages (sheet-render.ts), one
// message at a time, so pdf.js and sharp never run on the request thread. The pool terminates this
// thread when a render exceeds its time budget, and its heap is capped (sheet-pool.ts).
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { keepLibvipsThreadsInBackground } from "../workers/thread-priority";
import { inspectSheetFile, renderSheetPage, type SheetKind } from "./sheet-render";

// Below the request thread and the PDF/photo workers (nice 15): drawings take the spare time.
try {
  setPriority(15);
} catch {
  // Not permitted here: renders run at normal priority.
}
// The tiles are cut and encoded by sharp on libvips's own threads: those go below the reads too.
keepLibvipsThreadsInBackground();

export type SheetTask =
  | { op: "inspect"; kind: SheetKind; bytes: Uint8Array }
  | { op: "render"; kind: SheetKind; bytes: Uint8Array; page: number; maxPixels: number };

parentPort?.on("message", (task: SheetTask) => {
  const work =
    task.op === "inspect"
      ? inspectSheetFile(task.bytes, task.kind)
      : renderSheetPage(task.bytes, task.kind, task.page, task.maxPixels);
  work.then(
    // Copied, not transferred: sharp's output buffers are external memory, which cannot be moved
    // (a few MB of tiles per page; the copy is cheap next to the render).
    (value) => parentPort?.postMessage({ ok: true, value }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
