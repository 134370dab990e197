// The evidence PDF rendered in the bounded worker pool (decision 0018), so a burst of downloads
// keeps reads on the same instance quick.
import { availableParallelism } from "node:os";
import { type AuditPdfInput, renderAuditPdf } from "../audits/audit-pdf";
import { WorkerPool, workerEntry } from "../workers/worker-pool";
import { type PdfInput, renderReportPdf } from "./pdf";

export type PdfRenderer = {
  render: (input: PdfInput) => Promise<Buffer>;
  /** A site audit's PDF, in the same pool (issue 25). */
  renderAudit: (input: AuditPdfInput) => Promise<Buffer>;
  close: () => Promise<void>;
};

const collect = async (doc: PDFKit.PDFDocument): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Buffers that own their whole ArrayBuffer are moved to the worker; others are copied. */
const movable = (buffers: readonly (Buffer | null)[]): ArrayBuffer[] => [
  ...new Set(
    buffers.flatMap((b) =>
      b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? [b.buffer as ArrayBuffer] : [],
    ),
  ),
];

/** One thread per spare core (at least one), at most `queue` more PDFs waiting. */
export function defaultPdfWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Renders on the calling thread: `PDF_WORKERS=0`, for comparison in bench:scale only. */
function inlineRenderer(): PdfRenderer {
  return {
    render: async (input) => collect(renderReportPdf(input)),
    renderAudit: async (input) => collect(renderAuditPdf(input)),
    close: async () => undefined,
  };
}

export function createPdfRenderer(options: { workers: number; queue: number }): PdfRenderer {
  if (options.workers === 0) return inlineRenderer();
  const pool = new WorkerPool<PdfInput | AuditPdfInput, Uint8Array>(
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
      const bytes = await pool.run(input, transfer);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    renderAudit: async (input) => {
      const { auditor, siteRep } = input.signatures;
      const bytes = await pool.run(input, movable([...input.images, auditor, siteRep]));
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => pool.close(),
  };
}
