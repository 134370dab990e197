// The last location trees answered, kept by their ETag (decision 0072: project and tree version,
// so a change to a tree makes a new key and the old entry is never answered again), with their
// brotli and gzip forms made once. A team's devices reading an unchanged tree then cost the
// project's row and a lookup, whatever the tree's size; the first read after a change builds it.
// Per instance, least recently used out first past MAX_BYTES.
import { promisify } from "node:util";
import zlib from "node:zlib";

const MAX_BYTES = 32 * 1024 * 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type TreeEncoding = "br" | "gzip";
type Entry = { body: string; br?: Promise<Buffer>; gzip?: Promise<Buffer>; bytes: number };

/** The encoding to answer in: brotli when accepted, else gzip, else none (`q=0` refuses one). */
export function treeEncoding(acceptEncoding: string | undefined): TreeEncoding | null {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, "")) > 0)
      .map(([name]) => name),
  );
  return accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
}

export class TreeCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  get(etag: string): string | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry.body;
  }

  set(etag: string, body: string): void {
    if (this.entries.has(etag)) return;
    const entry: Entry = { body, bytes: 0 };
    this.entries.set(etag, entry);
    this.charge(etag, entry, body.length * 2);
  }

  /** The body in `encoding`, compressed on the first ask and kept with it. */
  async compressed(etag: string, body: string, encoding: TreeEncoding): Promise<Buffer> {
    const entry = this.entries.get(etag);
    const kept = entry?.[encoding];
    if (kept) return kept;
    const made = encoding === "br" ? brotli(body, BROTLI) : gzip(body);
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
