// Audit photos are shrunk before they are stored: a phone camera's 4-12 MB original would fill the
// device's storage after a few audits. Through the app's one compressor (lib/photo-compress), with
// the audit's own targets: long edge at most 1600 px, JPEG quality 0.8, always re-encoded so the
// camera's EXIF data (GPS included) never stays on the device. Kept as a module of its own because
// the audit screens import it by this path.
import { fitLongEdge } from "../../lib/photo-compress/downscale-math";

export { UnreadablePhotoError } from "../../lib/photo-compress/compress-core";

export const MAX_PHOTO_EDGE = 1600;
export const PHOTO_QUALITY = 0.8;

/** The size that fits `width`×`height` inside `max` on its long edge, never enlarged. */
export const fitWithin = (width: number, height: number, max = MAX_PHOTO_EDGE): { width: number; height: number } =>
  fitLongEdge(width, height, max);

export async function compressPhoto(file: Blob): Promise<Blob> {
  const { compressImage } = await import("../../lib/photo-compress/compress-image");
  const { blob } = await compressImage(file, {
    maxLongEdge: MAX_PHOTO_EDGE,
    quality: PHOTO_QUALITY,
    alwaysReencode: true,
  });
  return blob;
}
