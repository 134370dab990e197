// Child process entry for drawings: inspects uploads and renders pages (sheet-render.ts), one
// message at a time, so pdf.js and sharp never run in the server's process. The pool (sheet-pool.ts)
// kills this process when a task runs past its time budget or its memory past SHEET_MEMORY_MB, and
// whatever a hostile file made it allocate goes back to the system with it (decision 0047).
import { setPriority } from "node:os";
import { inspectSheetFile, renderSheetPage, type SheetKind } from "./sheet-render";

// Below the request thread and the PDF/photo workers (nice 15): drawings take the spare time. The
// threads this process makes later (libuv's pool, libvips's) inherit the niceness, so unlike in a
// worker thread (decision 0042) libvips's threads need no lowering one by one.
try {
  setPriority(15);
} catch {
  // Not permitted here: renders run at normal priority.
}

export type SheetTask =
  | { op: "inspect"; kind: SheetKind; bytes: Uint8Array; maxImagePixels: number }
  | { op: "render"; kind: SheetKind; bytes: Uint8Array; page: number; maxPixels: number; maxImagePixels: number };

process.on("message", (task: SheetTask) => {
  const work =
    task.op === "inspect"
      ? inspectSheetFile(task.bytes, task.kind, task.maxImagePixels)
      : renderSheetPage(task.bytes, task.kind, task.page, task.maxPixels, task.maxImagePixels);
  work.then(
    (value) => process.send?.({ ok: true, value }),
    (error: unknown) => process.send?.({ ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
// The server went away: so does this process.
process.on("disconnect", () => process.exit(0));

// Loaded (pdf.js too, which the first PDF would otherwise load inside its time budget): ready.
await import("pdfjs-dist/legacy/build/pdf.mjs");
process.send?.({ ready: true });
