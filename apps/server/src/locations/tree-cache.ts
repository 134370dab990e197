// The last location trees answered, kept by their ETag (decision 0072: project and tree version,
// so a change to a tree makes a new key and the old entry is never answered again), with their
// brotli and gzip forms made once. A team's devices reading an unchanged tree then cost the
// project's row and a lookup, whatever the tree's size; the first read after a change builds it.
// Per instance, least recently used out first past MAX_BYTES.
import { promisify } from "node:util";
import zlib from "node:zlib";
import { StructureCache } from "./tree-structure";

const MAX_BYTES = 32 * 1024 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Node 24 has it (the engines' floor); an older runtime answers brotli or gzip instead of failing to start.
const zstd = typeof zlib.zstdCompress === "function" ? promisify(zlib.zstdCompress) : undefined;

export type TreeEncoding = "zstd" | "br" | "gzip";
type Entry = { body: Buffer; zstd?: Promise<Buffer>; br?: Promise<Buffer>; gzip?: Promise<Buffer>; bytes: number };

/**
 * The encoding to answer in: zstd when accepted (Chrome, Edge, Firefox), else brotli (Safari), else
 * gzip, else none (`q=0` refuses one). zstd at level 1 makes the 1.3 MB tree of 5,000 locations
 * smaller than brotli at quality 4 in a fifth of the time (decision 0089).
 */
export function treeEncoding(acceptEncoding: string | undefined): TreeEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name),
  );
  return accepted.has("zstd") && zstd ? "zstd" : accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

export class TreeCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  /** The projects' locations per structure version, for the first read after a change (tree-structure.ts). */
  readonly structures = new StructureCache();

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(etag: string): Buffer | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry.body;
  }

  set(etag: string, body: Buffer): void {
    if (this.entries.has(etag)) return;
    const entry: Entry = { body, bytes: 0 };
    this.entries.set(etag, entry);
    this.charge(etag, entry, body.length);
  }

  /** The body in `encoding`, compressed on the first ask and kept with it. */
  async compressed(etag: string, body: Buffer, encoding: TreeEncoding): Promise<Buffer> {
    const entry = this.entries.get(etag);
    const kept = entry?.[encoding];
    if (kept) return kept;
    // An output buffer of a quarter of the body (these trees compress 8–9×): the whole answer in one
    // pass on the thread pool, not one round trip to the main thread per 16 KB made (decision 0092).
    const chunkSize = Math.max(64 * 1024, body.length >> 2);
    const made =
      encoding === "zstd" && zstd
        ? zstd(body, { ...ZSTD, chunkSize })
        : encoding === "br"
          ? brotli(body, { ...BROTLI, chunkSize })
          : gzip(body, { chunkSize });
    if (entry) {
      entry[encoding] = made;
      made.then(
        (bytes) => {
          if (this.entries.get(etag) === entry) this.charge(etag, entry, bytes.length);
        },
        () => {
          entry[encoding] = undefined;
        },
      );
    }
    return made;
  }

  /** Counts `bytes` more for the entry, then drops the least recently used others past the cap. */
  private charge(etag: string, entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    this.total += bytes;
    for (const [key, oldest] of this.entries) {
      if (this.total <= this.maxBytes) break;
      if (key === etag) continue;
      this.entries.delete(key);
      this.total -= oldest.bytes;
    }
  }
}

/** Quality 4, as @fastify/compress uses for every other answer: fast, and ~8× smaller here. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * Level 1: on the bench's tree 139 KB in ~2–5 ms (level 3: 160 KB, ~5 ms); its window (512 KB at
 * most at this level) is well inside the 8 MB a browser accepts (RFC 9659).
 */
const ZSTD = { params: { [zlib.constants.ZSTD_c_compressionLevel]: 1 } };
