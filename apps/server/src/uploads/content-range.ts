// `Content-Range: bytes start-end/total` on PUT /api/uploads/{sha256}: the request carries the
// bytes [start, end] of a photo of `total` bytes (RFC 9110 §14.4 syntax, as resumable PUTs use it).
import { badRequest } from "../http/errors";

export type ContentRange = { start: number; end: number; total: number };

const PATTERN = /^bytes (\d{1,12})-(\d{1,12})\/(\d{1,12})$/;

/** The range, undefined when the header is absent; 400 with a sentence when it is malformed. */
export function parseContentRange(header: string | string[] | undefined): ContentRange | undefined {
  if (header === undefined) return undefined;
  const match = typeof header === "string" ? PATTERN.exec(header.trim()) : null;
  if (!match) {
    throw badRequest("Content-Range must read 'bytes start-end/total', for example 'bytes 0-1023/4096'.");
  }
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (total === 0 || start > end || end >= total) {
    throw badRequest("Content-Range is not a range inside the file: start ≤ end < total is required.");
  }
  return { start, end, total };
}
