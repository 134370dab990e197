import path from "node:path";
import type { Config } from "../config";
import { DiskStorage } from "./disk-storage";
import type { FileStorage } from "./file-storage";
import { S3Storage } from "./s3-storage";

/** S3 when S3_BUCKET is set, otherwise a folder under DATA_DIR (DESIGN §1). */
export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, "files"));
}
