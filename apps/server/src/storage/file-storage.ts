// Where photos and other files live. One small interface, one file per implementation
// (disk under DATA_DIR; S3-compatible storage in scale mode). Keys are written once and never
// rewritten with other content, which is what lets /files/* answer with an immutable cache lifetime.
import type { Readable } from "node:stream";

/** Inclusive byte offsets, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `file` (a local path) under `key`, read as a stream so a large document never
   * sits in memory whole; the local file is gone afterwards (moved, or uploaded and removed).
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A readable stream of the file (or of `range` of it), or null when it does not exist. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Deletes the keys that exist; missing keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Releases clients and sockets at shutdown. */
  close(): Promise<void>;
}
