// Test photos made on the spot rather than committed binaries: Chromium paints a scene with texture
// (so JPEG sizes resemble real photos) and encodes it; an EXIF orientation can be spliced in.
import type { Page } from "@playwright/test";

export type PhotoSpec = { width: number; height: number; quality?: number; hue?: number };

/** A JPEG of `width`×`height` painted in the page: sky, a brick wall, a crack, and sensor-like noise. */
export async function makeJpeg(page: Page, spec: PhotoSpec): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, quality, hue }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      const sky = ctx.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, `hsl(${hue}, 60%, 75%)`);
      sky.addColorStop(1, `hsl(${hue + 30}, 30%, 40%)`);
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, width, height);
      const brickW = Math.max(8, Math.round(width / 40));
      const brickH = Math.max(4, Math.round(brickW / 3));
      let seed = 7;
      const rand = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      };
      for (let y = Math.round(height * 0.4); y < height; y += brickH) {
        const offset = (y / brickH) % 2 === 0 ? 0 : brickW / 2;
        for (let x = -offset; x < width; x += brickW) {
          ctx.fillStyle = `hsl(${hue + 20 + rand() * 20}, ${40 + rand() * 30}%, ${30 + rand() * 20}%)`;
          ctx.fillRect(x + 1, y + 1, brickW - 2, brickH - 2);
        }
      }
      ctx.strokeStyle = "#111";
      ctx.lineWidth = Math.max(2, width / 500);
      ctx.beginPath();
      ctx.moveTo(width * 0.3, height * 0.45);
      for (let i = 1; i <= 12; i += 1)
        ctx.lineTo(width * (0.3 + i * 0.03), height * (0.45 + i * 0.04 + (rand() - 0.5) * 0.03));
      ctx.stroke();
      // Sensor noise: what makes real photos large as JPEGs.
      const image = ctx.getImageData(0, 0, width, height);
      const data = image.data;
      for (let i = 0; i < data.length; i += 4) {
        const n = (rand() - 0.5) * 24;
        data[i] = (data[i] ?? 0) + n;
        data[i + 1] = (data[i + 1] ?? 0) + n;
        data[i + 2] = (data[i + 2] ?? 0) + n;
      }
      ctx.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width: spec.width, height: spec.height, quality: spec.quality ?? 0.92, hue: spec.hue ?? 200 },
  );
  return Buffer.from(base64, "base64");
}

/** The JPEG with an EXIF APP1 segment carrying `orientation` (1-8) right after its SOI marker. */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error("not a JPEG");
  const tiff = Buffer.alloc(26);
  tiff.write("MM", 0, "ascii");
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first IFD right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "binary"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}
