// The evidence PDF made in the bounded worker pool (decision 0018) and streamed to the socket
// under the process's PDF memory budget (workers/pdf-stream.ts, decision 0019), so a burst of
// downloads keeps reads on the same instance quick and memory flat.
import { availableParallelism } from "node:os";
import type { Readable } from "node:stream";
import { isMainThread, type TransferListItem } from "node:worker_threads";
import { type AuditPdfInput, renderAuditPdf } from "../audits/audit-pdf";
import { type LabelsTask, renderLabelsDocument } from "../locations/labels-pdf";
import { DECODE_PEAK_BYTES, printCopies } from "../pdf/pdf-print-copies";
import { renderSnagListDocument, type SnagListTask } from "../snag-list/snag-list-task";
import { type PdfInput, renderReportPdf } from "../snagging/pdf";
import { MemoryBudget } from "./memory-budget";
import { PdfStreamer } from "./pdf-stream";
import { WorkerPool, workerEntry } from "./worker-pool";

/** A report's evidence PDF as a pool task. Other PDFs add their own `kind` here and in pdfRenderers. */
export type ReportPdfTask = PdfInput & { kind: "report" };
export type PdfJob = ReportPdfTask | AuditPdfInput | SnagListTask | LabelsTask;

export type PdfRenderer = {
  /** Streams a PDF: holds `estimateBytes` of the budget, then reads the task's inputs (`prepare`). */
  stream: PdfStreamer<PdfJob>["stream"];
  /** The whole document in memory (tests, small documents): prefer `stream`. */
  render: (input: PdfInput) => Promise<Buffer>;
  /** Bytes of the PDF memory budget held now (tests, logs). */
  memoryInUse: () => number;
  close: () => Promise<void>;
};

const asBuffer = (b: Uint8Array | null) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null);

/** Makes a report's document (print copies of its photos first); runs in the worker, or inline. */
async function renderReportDocument(task: ReportPdfTask): Promise<Readable> {
  const stored = task.images.map(asBuffer);
  // The task must not keep the stored photos alive while their copies are made.
  (task as { images: unknown }).images = [];
  // In the worker the photos are its own (moved or copied to it): each one's memory is freed as
  // soon as its print copy exists (decision 0040). Inline (PDF_WORKERS=0, tests) they are the caller's.
  const images = await printCopies(stored, task.attachments, { owned: !isMainThread });
  // The plan crop arrives as a Uint8Array from the request thread.
  const plan = task.plan ? { ...task.plan, image: asBuffer(task.plan.image) as Buffer } : null;
  return renderReportPdf({ ...task, images, plan });
}

/** A site audit's PDF (issue 25): its photos and signatures are embedded as stored. */
async function renderAuditDocument(task: AuditPdfInput): Promise<Readable> {
  return renderAuditPdf({
    ...task,
    images: task.images.map(asBuffer),
    signatures: { auditor: asBuffer(task.signatures.auditor), siteRep: asBuffer(task.signatures.siteRep) },
  });
}

/** Every kind of PDF the pool makes, by `kind` (the worker entry serves these). */
export const pdfRenderers = {
  report: renderReportDocument,
  audit: renderAuditDocument,
  "snag-list": renderSnagListDocument,
  labels: renderLabelsDocument,
};

/** What an audit's PDF holds at most: its photos and signatures read, the document on its way out, pdfkit. */
export const auditPdfEstimate = (imageBytes: number): number => 2 * imageBytes + 16 * 1024 * 1024;

const FIXED_BYTES = 16 * 1024 * 1024;

/**
 * The PDF worker's young generation, capped (decision 0019): pdfkit's many short-lived objects
 * otherwise grow it to V8's maximum, which stays resident; a smaller one scavenges more often.
 * The old generation keeps V8's default: a worker that ran out of it would fail its PDF.
 */
export const PDF_WORKER_HEAP = { maxYoungGenerationSizeMb: 8 };

/**
 * A PDF worker whose heap is larger than this after a document collects its garbage at once, and if
 * its heap is still larger after that, the pool replaces it by a fresh one for the next document
 * (decision 0087). Its small young generation promotes much of a long document's garbage (a
 * 2,000-snag weekly report left 80–200 MB), which only a full collection frees, and an idle
 * worker never starts one.
 */
export const PDF_WORKER_RETIRE_HEAP_BYTES = 64 * 1024 * 1024;

/**
 * What a report's PDF holds at most: the stored photos read, their print copies and the document
 * on its way out (each no bigger than the photos), one decode, and pdfkit with its fonts.
 */
export const reportPdfEstimate = (photoBytes: number): number => 3 * photoBytes + DECODE_PEAK_BYTES + FIXED_BYTES;

/** One thread per spare core (at least one), at most `queue` more PDFs waiting. */
export function defaultPdfWorkers(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/** Buffers that own their whole memory are moved to the worker; others are copied. */
export const movable = (images: readonly (Buffer | null)[]): TransferListItem[] =>
  images.flatMap((b) =>
    b && b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? [b.buffer as ArrayBuffer] : [],
  );

export function createPdfRenderer(options: { workers: number; queue: number; memoryBytes: number }): PdfRenderer {
  const budget = new MemoryBudget(options.memoryBytes);
  // PDF_WORKERS=0: on the calling thread, for comparison in bench:scale only.
  const pool =
    options.workers === 0
      ? undefined
      : new WorkerPool<PdfJob, null>(
          // dist/main.js sits beside dist/pdf-worker.js; from source, src/workers/pdf-worker.ts.
          workerEntry(
            new URL("./pdf-worker.js", import.meta.url),
            new URL("./pdf-worker.ts", import.meta.url),
            PDF_WORKER_HEAP,
          ),
          options.workers,
          options.queue,
          undefined,
          PDF_WORKER_RETIRE_HEAP_BYTES,
        );
  const streamer = new PdfStreamer<PdfJob>(budget, pool, (task) =>
    task.kind === "audit"
      ? pdfRenderers.audit(task)
      : task.kind === "snag-list"
        ? pdfRenderers["snag-list"](task)
        : task.kind === "labels"
          ? pdfRenderers.labels(task)
          : pdfRenderers.report(task),
  );
  const stream: PdfRenderer["stream"] = (estimate, prepare) => streamer.stream(estimate, prepare);
  return {
    stream,
    render: async (input) => {
      const bytes = input.images.reduce((sum, b) => sum + (b?.length ?? 0), 0);
      const document = await stream(reportPdfEstimate(bytes), async () => ({
        input: { ...input, kind: "report" },
        transfer: movable(input.images),
      }));
      const chunks: Buffer[] = [];
      for await (const chunk of document) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    memoryInUse: () => budget.inUse,
    close: async () => pool?.close(),
  };
}
