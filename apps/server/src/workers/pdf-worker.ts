// Worker thread entry for every PDF the pool makes (pdf-pool.ts pdfRenderers, by `kind`): pdfkit
// and the print copies' decoding are synchronous or CPU-bound, so they run here, not on the request
// thread, and each document is streamed back in chunks (workers/pdf-stream-worker.ts).
import { getPriority, setPriority } from "node:os";
import { PDF_WORKER_RETIRE_HEAP_BYTES, pdfRenderers } from "./pdf-pool";
import { servePdfDocuments } from "./pdf-stream-worker";
import { keepLibvipsThreadsInBackground } from "./thread-priority";

// Lower this thread's scheduling priority by 10 below the request thread's: on Linux the niceness of
// a thread is its own, so when cores are scarce the request thread (reads) runs first and PDFs take
// the spare time. Relative (decision 0040): a server started under `nice` (niceness 10) had this
// thread set to 10 as well, i.e. no lower than the reads. getPriority() here is this thread's, which
// a new thread inherits from the one that made it.
try {
  setPriority(Math.min(19, getPriority() + 10));
} catch {
  // Not permitted or not supported here: PDFs run at normal priority.
}
// The print copies are decoded and resized by sharp on libvips's own threads: those too.
keepLibvipsThreadsInBackground();

// A document that left the heap over the limit is followed by a full collection; a heap still
// over it after that gets the worker retired by the pool (decision 0087).
servePdfDocuments(pdfRenderers, PDF_WORKER_RETIRE_HEAP_BYTES);
