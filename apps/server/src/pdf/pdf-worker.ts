// Worker thread entry for every PDF the pool makes (pdf-pool.ts pdfRenderers, by `kind`): pdfkit
// and the print copies' decoding are synchronous or CPU-bound, so they run here, not on the request
// thread, and each document is streamed back in chunks (workers/pdf-stream-worker.ts).
import { setPriority } from "node:os";
import { servePdfDocuments } from "../workers/pdf-stream-worker";
import { pdfRenderers } from "./pdf-pool";

// Lower this thread's scheduling priority (nice 10): on Linux the niceness of a thread is its own,
// so when cores are scarce the request thread (reads) runs first and PDFs take the spare time.
try {
  setPriority(10);
} catch {
  // Not permitted or not supported here: PDFs run at normal priority.
}

servePdfDocuments(pdfRenderers);
