// Decode, orient, downscale and re-encode one photo: the web app's one image compressor (snag form,
// audit photos, fix photos, comment photos). Runs in the compression worker (OffscreenCanvas) and,
// where workers cannot draw, on the main thread with a <canvas>: the same steps either way.
import {
  fitLongEdge,
  orientationTransform,
  orientedSize,
  plannedSize,
  readJpegInfo,
  swapsAxes,
} from "./downscale-math";

/**
 * `alwaysReencode`: never hand back the original file, even when re-encoding makes it no smaller
 * (audit photos are kept on the device, where a camera's EXIF, GPS included, must not stay).
 */
export type CompressOptions = { maxLongEdge: number; quality: number; alwaysReencode?: boolean };
/**
 * JPEG 0.75 at 2048 px (decision 0031): 39 % fewer bytes than the 0.85 used before, at an SSIM of
 * at least 0.998 of 0.85's on every photo of the study (npm run bench:photo -- --study), and every
 * browser encodes it (Safari's canvas has no WebP encoder).
 */
export const DEFAULT_COMPRESS: CompressOptions = { maxLongEdge: 2048, quality: 0.75 };

export type CompressResult = { blob: Blob; width: number; height: number };

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
export type Surface = { context: Canvas2D; toJpeg: (quality: number) => Promise<Blob> };
export type SurfaceFactory = (width: number, height: number) => Surface;

/** JPEG header segments sit in the first few KB; EXIF with a thumbnail can reach 64 KB. */
const HEADER_BYTES = 128 * 1024;

export const offscreenSurface: SurfaceFactory = (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("2D canvas unavailable");
  return { context, toJpeg: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }) };
};

export class UnreadablePhotoError extends Error {
  constructor() {
    super("This photo could not be read. Try a JPEG, PNG or WebP image.");
    this.name = "UnreadablePhotoError";
  }
}

export async function compressWith(
  file: Blob,
  makeSurface: SurfaceFactory,
  options: CompressOptions = DEFAULT_COMPRESS,
): Promise<CompressResult> {
  const info = readJpegInfo(await file.slice(0, HEADER_BYTES).arrayBuffer());
  // When the header tells the size, let the decoder scale while decoding: for a 12 MP JPEG that is
  // several times faster than decoding every pixel and then drawing it smaller.
  const planned = info ? plannedSize(info, options.maxLongEdge) : null;
  const shown = info ? orientedSize(info.width, info.height, info.orientation) : null;
  const resize =
    planned && shown && planned.width < shown.width
      ? { resizeWidth: planned.width, resizeHeight: planned.height, resizeQuality: "high" as const }
      : {};
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image", ...resize });
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    // Every current browser applies EXIF orientation when decoding; an older one hands back the
    // stored pixels, recognisable when a quarter-turn orientation left the stored size unswapped.
    const decoderIgnoredOrientation =
      info !== null &&
      swapsAxes(info.orientation) &&
      info.width !== info.height &&
      bitmap.width === info.width &&
      bitmap.height === info.height;
    const upright = decoderIgnoredOrientation
      ? orientedSize(bitmap.width, bitmap.height, info.orientation)
      : { width: bitmap.width, height: bitmap.height };
    const target = fitLongEdge(upright.width, upright.height, options.maxLongEdge);
    const surface = makeSurface(target.width, target.height);
    const { context } = surface;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    // JPEG has no alpha: transparent PNG areas become white, not black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, target.width, target.height);
    context.scale(target.width / upright.width, target.height / upright.height);
    if (decoderIgnoredOrientation)
      context.transform(...orientationTransform(info.orientation, bitmap.width, bitmap.height));
    context.drawImage(bitmap, 0, 0);
    const blob = await surface.toJpeg(options.quality);
    // Re-encoding a small, upright JPEG can make it bigger; then the original is the better upload.
    const keepOriginal =
      !options.alwaysReencode &&
      file.type === "image/jpeg" &&
      file.size <= blob.size &&
      target.width === upright.width &&
      (info?.orientation ?? 1) === 1;
    return keepOriginal ? { blob: file, ...target } : { blob, ...target };
  } finally {
    bitmap.close();
  }
}
