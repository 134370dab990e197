// Photos are shrunk before they are stored: a phone camera's 4-12 MB original would fill the
// device's storage after a few audits. Long edge at most 1600 px, JPEG quality 0.8 — the same
// targets as the snag form's photos. createImageBitmap applies the EXIF orientation, and
// re-encoding through a canvas drops the EXIF data (GPS included).

export const MAX_PHOTO_EDGE = 1600;
export const PHOTO_QUALITY = 0.8;

export class UnreadablePhotoError extends Error {
  constructor() {
    super("This photo could not be read. Use a JPEG, PNG or WebP image.");
    this.name = "UnreadablePhotoError";
  }
}

/** The size that fits `width`×`height` inside `max` on its long edge, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_PHOTO_EDGE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function compressPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new UnreadablePhotoError();
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new UnreadablePhotoError();
    // JPEG has no transparency: paint white under PNGs with alpha instead of black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", PHOTO_QUALITY));
    if (!blob) throw new UnreadablePhotoError();
    return blob;
  } finally {
    bitmap.close();
  }
}
