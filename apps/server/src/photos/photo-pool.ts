// Uploaded photos processed in a bounded pool of worker threads (decision 0018): at most
// PHOTO_WORKERS photos are decoded at once per instance and at most `queue` more wait; beyond that
// an upload answers 503 with Retry-After at once instead of holding ever more 15 MB uploads in
// memory. The type check (the file's first bytes) stays on the request thread: it is cheap and
// answers 415 before anything is queued.
import { availableParallelism } from "node:os";
import { WorkerPool, workerEntry } from "../workers/worker-pool";
import { checkPhotoType, type PhotoRefusal, type ProcessedPhoto, photoRefused, processPhoto } from "./photos";

export type PhotoProcessor = {
  /** The display copy and thumbnail of one upload; 415/400/413 as AppErrors, 503 when the pool is full. */
  process: (bytes: Buffer, name: string) => Promise<ProcessedPhoto>;
  close: () => Promise<void>;
};

export const PHOTO_POOL_BUSY = "The server is busy processing photos. Please try again in a moment.";

/** One thread per spare core, at least one and at most two (as many as decoded at once before). */
export function defaultPhotoWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

const toBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export function createPhotoProcessor(options: { workers: number; queue: number }): PhotoProcessor {
  // PHOTO_WORKERS=0: on the calling thread (sharp's libuv threads), for comparisons.
  if (options.workers === 0) return { process: processPhoto, close: async () => undefined };
  const pool = new WorkerPool<Uint8Array, ProcessedPhoto | PhotoRefusal>(
    // dist/main.js sits beside dist/photo-worker.js; from source, src/photos/photo-worker.ts.
    workerEntry(new URL("./photo-worker.js", import.meta.url), new URL("./photo-worker.ts", import.meta.url)),
    options.workers,
    options.queue,
    PHOTO_POOL_BUSY,
  );
  return {
    process: async (bytes, name) => {
      checkPhotoType(bytes, name);
      // Copied, not moved: the caller still hashes the original bytes (sourceSha256).
      const photo = await pool.run(bytes);
      if (typeof photo === "string") throw photoRefused(name, photo);
      return { ...photo, display: toBuffer(photo.display), thumbnail: toBuffer(photo.thumbnail) };
    },
    close: () => pool.close(),
  };
}
