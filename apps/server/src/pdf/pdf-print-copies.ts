// Photos as the PDF prints them. The photo box is 250 pt (3.47 in) wide: 1,024 px there is 295 dpi,
// so a stored display copy larger than that (up to 2,048 px) and heavier than PASS_THROUGH_BYTES is
// scaled down to it before it is embedded, one photo at a time. 1,024 is half the largest display
// copy: the JPEG decoder then shrinks on load (decodes at half size, a quarter of the pixels), which
// made a print copy 2.5-3x faster than at 1,042 px (300 dpi) in decision 0037's measurement. The PDF of 20 phone photos drops
// from ~30 MB to a few MB, and with it the memory its making and sending take. A light file is
// embedded unchanged: scaling it would save little and cost a decode. The SHA-256 printed beside
// each photo stays that of the stored file (the one served at its URL), which identifies the evidence.
import sharp from "sharp";
import type { AttachmentRow } from "../db/schema";

sharp.concurrency(1);
sharp.cache(false);

/** ~300 dpi across the photo box (72 pt to the inch): half a 2,048 px display copy, for shrink-on-load. */
export const PRINT_LONG_EDGE = 1024;
/** A stored file up to this size is embedded as it is. */
export const PASS_THROUGH_BYTES = 256 * 1024;
const PRINT_QUALITY = 82;

/** Bytes one photo's decode may take at most (display copies are at most 2,048 px a side, RGB). */
export const DECODE_PEAK_BYTES = 2048 * 2048 * 3;

export async function printCopy(image: Buffer, row: Pick<AttachmentRow, "width" | "height">): Promise<Buffer> {
  const longEdge = Math.max(row.width ?? 0, row.height ?? 0);
  if ((longEdge > 0 && longEdge <= PRINT_LONG_EDGE) || image.length <= PASS_THROUGH_BYTES) return image;
  try {
    // Sequential read: libvips streams the JPEG through the resize instead of decoding it whole.
    return await sharp(image, { sequentialRead: true })
      .resize({ width: PRINT_LONG_EDGE, height: PRINT_LONG_EDGE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: PRINT_QUALITY })
      .toBuffer();
  } catch {
    // Not decodable here: embedded as stored, as before (pdfkit says if it cannot read it either).
    return image;
  }
}

/**
 * Frees a buffer's memory now instead of at the garbage collector's next major collection
 * (decision 0040): its ArrayBuffer is detached (`transfer(0)`), so every view of it reads as
 * empty from then on. Only a buffer that is the whole of its ArrayBuffer is freed (a slice of a
 * shared pool is left alone); the caller must own it and no longer need it.
 */
export function freeNow(buffer: Buffer | null): void {
  if (!buffer) return;
  if (buffer.byteOffset !== 0 || buffer.byteLength !== buffer.buffer.byteLength) return;
  const whole = buffer.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean };
  if (whole.detached) return;
  try {
    whole.transfer?.(0);
  } catch {
    // Not detachable (e.g. a WebAssembly memory): left to the garbage collector.
  }
}

/**
 * Every photo's print copy, made one after the other so one decode is in memory at a time. Each
 * stored photo is let go of (its slot in `images` emptied) as soon as its copy exists; with
 * `owned` (the PDF worker: the photos were moved or copied to it) its memory is freed at once.
 */
export async function printCopies(
  images: (Buffer | null)[],
  rows: readonly Pick<AttachmentRow, "width" | "height">[],
  { owned = false }: { owned?: boolean } = {},
): Promise<(Buffer | null)[]> {
  const copies: (Buffer | null)[] = [];
  for (const [i, image] of images.entries()) {
    const row = rows[i];
    images[i] = null;
    const copy = image && row ? await printCopy(image, row) : image;
    if (owned && copy !== image) freeNow(image);
    copies.push(copy);
  }
  return copies;
}
