// The photo pipeline: every uploaded photo is identified by its bytes (never its name or declared
// type), decoded once, turned upright per its EXIF orientation, and re-encoded as a JPEG display
// copy (≤ 2048 px long edge) and a ~400 px thumbnail. Re-encoding drops every metadata block
// (EXIF with GPS, XMP, IPTC, ICC after conversion to sRGB): nothing the camera wrote is served.
// Uploads run `encodePhoto` in a bounded pool of worker threads (photo-pool.ts, PHOTO_WORKERS,
// decision 0018); `processPhoto` runs it on the calling thread, with a semaphore bounding how many
// photos decode at once so uploads cannot monopolise the libuv pool that file reads also need.
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { MAX_PHOTO_BYTES } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { AppError } from "../http/errors";
import { Semaphore } from "../workers/semaphore";

sharp.concurrency(1);
sharp.cache(false);

export const DISPLAY_EDGE = 2048;
export const THUMBNAIL_EDGE = 400;
/** Refuse decompression bombs: a 100 MP photo is beyond any phone camera we expect. */
const MAX_INPUT_PIXELS = 100_000_000;

const decodeSlots = new Semaphore(Math.max(1, Math.min(2, availableParallelism() - 1)));

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";

export type ProcessedPhoto = {
  display: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  sha256: string;
};

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]);

/** The type named by the file's first bytes, "heif" for HEIC/HEIF/AVIF, or null for anything else. */
export function sniffPhotoType(bytes: Buffer): PhotoType | "heif" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") {
    return "image/webp";
  }
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 4, 8) === "ftyp" &&
    HEIF_BRANDS.has(bytes.toString("latin1", 8, 12))
  ) {
    return "heif";
  }
  return null;
}

const label = (name: string) => (name ? `'${name.slice(0, 80)}'` : "A photo");

/** Refuses anything that is not a JPEG, PNG or WebP by its bytes (415), with a clear HEIC message. */
export function checkPhotoType(bytes: Buffer, name: string): PhotoType {
  const type = sniffPhotoType(bytes);
  if (type === "heif") {
    throw new AppError(
      415,
      `${label(name)} is a HEIC/HEIF photo, which is not supported. Choose JPEG ('Most Compatible') in the camera settings, or convert the photo to JPEG, and try again.`,
    );
  }
  if (!type) throw new AppError(415, `${label(name)} is not a JPEG, PNG or WebP image.`);
  return type;
}

export const photoTooLarge = (name: string) =>
  new AppError(413, `${label(name)} is larger than ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`);

/** Why a photo could not be encoded: too many pixels (MAX_INPUT_PIXELS), or unreadable. */
export type PhotoRefusal = "too-large" | "damaged";

/**
 * Decodes, orients, strips and re-encodes one photo whose type was already checked; why not when
 * it cannot. Runs in a photo worker thread, or on the calling thread via processPhoto.
 */
export async function encodePhoto(bytes: Uint8Array): Promise<ProcessedPhoto | PhotoRefusal> {
  try {
    const { data: display, info } = await sharp(bytes, { failOn: "warning", limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(DISPLAY_EDGE, DISPLAY_EDGE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .jpeg({ quality: 85, chromaSubsampling: "4:2:0" })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(display)
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return {
      display,
      thumbnail,
      width: info.width,
      height: info.height,
      sha256: createHash("sha256").update(display).digest("hex"),
    };
  } catch (error) {
    // libvips checks the header's dimensions before decoding anything.
    return /exceeds pixel limit/i.test(String((error as Error)?.message)) ? "too-large" : "damaged";
  }
}

export const photoDamaged = (name: string) =>
  new AppError(400, `${label(name)} could not be read: the image is damaged or incomplete.`);

export const photoTooManyPixels = (name: string) =>
  new AppError(
    413,
    `${label(name)} is too large: photos can have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Resize it and try again.`,
  );

/** The answer for a photo encodePhoto refused. */
export const photoRefused = (name: string, refusal: PhotoRefusal) =>
  refusal === "too-large" ? photoTooManyPixels(name) : photoDamaged(name);

/** The whole pipeline on the calling thread (PHOTO_WORKERS=0, demo photos). A damaged file answers 400, one over 100 MP 413. */
export async function processPhoto(bytes: Buffer, name: string): Promise<ProcessedPhoto> {
  checkPhotoType(bytes, name);
  const processed = await decodeSlots.run(() => encodePhoto(bytes));
  if (typeof processed === "string") throw photoRefused(name, processed);
  return processed;
}
