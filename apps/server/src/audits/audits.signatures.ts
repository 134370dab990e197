// Signatures arrive as data URLs (what signature_pad draws on the device). The bytes must be a PNG,
// JPEG or WebP image that really decodes; it is re-encoded as a PNG (dropping anything else the
// file carried) and stored under an unguessable key like a report photo.
import { randomBytes } from "node:crypto";
import { MAX_SIGNATURE_BYTES } from "@sitesnag/shared/audits-api";
import sharp from "sharp";
import { AppError } from "../http/errors";
import { sniffPhotoType } from "../photos/photos";

/** A signature of at most 4000 × 4000 px: more is not a hand-drawn signature. */
const MAX_EDGE = 4000;

export const newSignatureKey = (): string => `signatures/${randomBytes(16).toString("hex")}.png`;

/** The PNG to store for a signature data URL; 415 (nothing stored) when it is not a real image. */
export async function readSignature(dataUrl: string, whose: string): Promise<Buffer> {
  const notImage = new AppError(415, `The ${whose} signature is not a PNG, JPEG or WebP image.`);
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length === 0) throw notImage;
  if (bytes.length > MAX_SIGNATURE_BYTES) {
    throw new AppError(413, `The ${whose} signature is larger than ${MAX_SIGNATURE_BYTES / 1024 / 1024} MB.`);
  }
  const type = sniffPhotoType(bytes);
  if (type === null || type === "heif") throw notImage;
  try {
    const image = sharp(bytes, { failOn: "warning", limitInputPixels: MAX_EDGE * MAX_EDGE });
    const meta = await image.metadata();
    if (!meta.width || !meta.height || meta.width > MAX_EDGE || meta.height > MAX_EDGE) throw notImage;
    return await image.png({ compressionLevel: 9 }).toBuffer();
  } catch {
    throw notImage;
  }
}

/** How far ahead of the server's clock a device's clock may run and its times still be believed. */
export const DEVICE_CLOCK_SKEW_SECONDS = 300;

/**
 * The time a device says something happened (a signature, an audit made offline), or the server's
 * time when it cannot be: ahead of the server by more than the skew, or before `notBefore` (a
 * signature before its audit was made). A time a little ahead is kept as the server's now.
 */
export function deviceTime(sent: number | null | undefined, notBefore: number, now: number): number {
  if (sent === undefined || sent === null) return now;
  if (sent > now + DEVICE_CLOCK_SKEW_SECONDS || sent < notBefore) return now;
  return Math.min(sent, now);
}
