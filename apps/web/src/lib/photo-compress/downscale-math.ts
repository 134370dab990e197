// The arithmetic of photo downscaling, kept free of the DOM so it can be tested in Node and shared by
// the worker and the main-thread fallback.

/** EXIF orientations 5-8 store the picture rotated a quarter turn: width and height swap on display. */
export const swapsAxes = (orientation: number): boolean => orientation >= 5 && orientation <= 8;

/** The displayed size of a `width`×`height` stored image carrying EXIF `orientation` (1-8). */
export function orientedSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return swapsAxes(orientation) ? { width: height, height: width } : { width, height };
}

/**
 * The size that fits `width`×`height` within `maxLongEdge` on its longer side, keeping the aspect
 * ratio and never enlarging. Both sides are at least 1 px.
 */
export function fitLongEdge(width: number, height: number, maxLongEdge: number): { width: number; height: number } {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxLongEdge) return { width, height };
  const scale = maxLongEdge / longEdge;
  const fit = (side: number) => Math.max(1, Math.round(side * scale));
  // Round the long edge exactly to the limit, so floating point never yields 2049.
  return width >= height ? { width: maxLongEdge, height: fit(height) } : { width: fit(width), height: maxLongEdge };
}

/** The output size of a stored image after orientation and downscaling. */
export function plannedSize(
  stored: { width: number; height: number; orientation: number },
  maxLongEdge: number,
): { width: number; height: number } {
  const shown = orientedSize(stored.width, stored.height, stored.orientation);
  return fitLongEdge(shown.width, shown.height, maxLongEdge);
}

/**
 * The canvas transform (a, b, c, d, e, f) that draws a stored, un-oriented image of `width`×`height`
 * upright onto a canvas of its oriented size: used when a decoder ignores EXIF orientation.
 */
export function orientationTransform(
  orientation: number,
  width: number,
  height: number,
): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-1, 0, 0, 1, width, 0];
    case 3:
      return [-1, 0, 0, -1, width, height];
    case 4:
      return [1, 0, 0, -1, 0, height];
    case 5:
      return [0, 1, 1, 0, 0, 0];
    case 6:
      return [0, 1, -1, 0, height, 0];
    case 7:
      return [0, -1, -1, 0, height, width];
    case 8:
      return [0, -1, 1, 0, 0, width];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

export type JpegInfo = { width: number; height: number; orientation: number };

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** The EXIF orientation tag (0x0112) in an APP1 segment starting at `start`, or 1 when absent. */
function readExifOrientation(view: DataView, start: number, end: number): number {
  // "Exif\0\0" then a TIFF header.
  if (end - start < 14 || view.getUint32(start) !== 0x45786966 || view.getUint16(start + 4) !== 0) return 1;
  const tiff = start + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = u16(ifd);
  for (let i = 0; i < count; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * Stored size and EXIF orientation from a JPEG's header segments, or null for anything that is not a
 * readable JPEG (PNG, WebP, truncated data). Reads only the bytes before the image data.
 */
export function readJpegInfo(bytes: ArrayBuffer | Uint8Array): JpegInfo | null {
  const view =
    bytes instanceof Uint8Array ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new DataView(bytes);
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let orientation = 1;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    const segmentEnd = offset + 2 + length;
    if (marker === 0xe1) orientation = readExifOrientation(view, offset + 4, Math.min(segmentEnd, view.byteLength));
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > view.byteLength) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7), orientation };
    }
    if (marker === 0xda) return null; // image data before any frame header: not a JPEG we understand
    offset = segmentEnd;
  }
  return null;
}
