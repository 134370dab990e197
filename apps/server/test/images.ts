// Test images made with sharp at run time: real JPEG/PNG/WebP bytes (with EXIF and GPS when asked),
// and the look-alikes the pipeline must refuse.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export type FilePart = { name: string; data: Buffer; type?: string };

/** A photo-like JPEG; by default it carries EXIF with a camera model and a GPS position. */
export async function jpegPhoto(
  options: { width?: number; height?: number; gps?: boolean; orientation?: number; seed?: number } = {},
): Promise<Buffer> {
  const { width = 640, height = 480, gps = true, orientation, seed = 1 } = options;
  const image = sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 255, g: 120, b: (seed * 97) % 255 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 3}" fill="#d97706"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 });
  if (gps) {
    image.withExif({
      IFD0: { Make: "TestCam", Model: "Evidence 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2604/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3991/100",
      },
    });
  }
  if (orientation) image.withMetadata({ orientation });
  return image.toBuffer();
}

export const pngImage = (width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/**
 * A valid black 1-bit greyscale PNG of any size, written by hand: a 20000 × 20000 (400 MP) one is
 * 50 KB and made in a fraction of a second, where sharp would need gigabytes to encode it.
 */
export function blackPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: filter byte 0, then width bits of zeros.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const webpImage = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: "#228833" } })
    .webp()
    .toBuffer();

/** The first bytes of an iPhone HEIC file: an ISO-BMFF `ftyp` box with the heic brand. */
export const heicBytes = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
    Buffer.alloc(2000, 7),
  ]);

export const svgImage = () =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

/** A multipart body with text fields (repeatable) and `images` file parts, as a browser sends it. */
export async function multipart(
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
  fileField = "images",
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const file of files) {
    form.append(fileField, new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/jpeg" }), file.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  };
}

/** Every file under a folder (relative paths, sorted): what the disk storage holds. */
export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
