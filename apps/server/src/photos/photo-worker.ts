// Worker thread entry: decodes, orients, strips and re-encodes one uploaded photo per message
// (photos.ts's encodePhoto) and answers with the display copy and thumbnail, or why not (too many
// pixels, damaged). The pool keeps how many photos are in work bounded (decision 0018).
import { parentPort } from "node:worker_threads";
import { keepLibvipsThreadsInBackground } from "../workers/thread-priority";
import { encodePhoto } from "./photos";

// sharp encodes on libvips's own threads, which this keeps below the request thread (decision
// 0042): a burst of 12 MP uploads waits for the reads rather than the reverse.
keepLibvipsThreadsInBackground();

parentPort?.on("message", (bytes: Uint8Array) => {
  encodePhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then(
    // Copied back, not moved: sharp's output buffers live in memory that cannot be transferred.
    (photo) => parentPort?.postMessage({ ok: true, value: photo }),
    (error: unknown) => parentPort?.postMessage({ ok: false, error: String((error as Error)?.stack ?? error) }),
  );
});
