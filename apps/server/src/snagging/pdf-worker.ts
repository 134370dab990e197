// Worker thread entry: renders one evidence PDF per message and answers with its bytes. pdfkit is
// synchronous JavaScript (font subsetting, layout), so it runs here, not on the request thread.
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { isSnagListTask, runSnagListTask } from "../snag-list/snag-list-task";
import { type PdfInput, renderReportPdf } from "./pdf";

// Lower this thread's scheduling priority (nice 10): on Linux the niceness of a thread is its own,
// so when cores are scarce the request thread (reads) runs first and PDFs take the spare time.
try {
  setPriority(10);
} catch {
  // Not permitted or not supported here: PDFs run at normal priority.
}

async function render(input: PdfInput): Promise<Buffer> {
  const doc = renderReportPdf({
    ...input,
    images: input.images.map((b) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null)),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

parentPort?.on("message", (input: PdfInput) => {
  // The project snag list streams through its own port (snag-list-task.ts).
  if (isSnagListTask(input)) {
    runSnagListTask(input).then(
      (pages) => parentPort?.postMessage({ ok: true, value: pages }),
      (error: unknown) => parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) }),
    );
    return;
  }
  render(input).then(
    (pdf) => {
      // Moved, not copied, back to the request thread.
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      parentPort?.postMessage(
        { ok: true, value: bytes },
        pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? [pdf.buffer as ArrayBuffer] : [],
      );
    },
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
