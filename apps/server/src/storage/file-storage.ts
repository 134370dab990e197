// Where photos and other files live. One small interface, one file per implementation
// (disk under DATA_DIR now; S3-compatible storage is the scale-mode implementation).
import type { Readable } from "node:stream";

export interface FileStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A readable stream of the file, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Deletes the keys that exist; missing keys are not an error. */
  delete(keys: readonly string[]): Promise<void>;
}
