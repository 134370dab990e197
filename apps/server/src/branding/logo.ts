// A company logo made safe for PDFs: PNG, JPEG or SVG in, a PNG of at most 600 × 200 out. The
// bytes are sniffed (not the name); an SVG holding a script, an event handler, an entity or any
// reference outside itself is refused before anything renders it; every image is decoded with a
// pixel ceiling, so a decompression bomb (a tiny file declaring an enormous image) is refused
// instead of filling memory.
import { MAX_LOGO_BYTES } from "@sitesnag/shared/branding";
import sharp from "sharp";
import { AppError } from "../http/errors";

/** Pixels a logo may declare (about 4,000 × 4,000). */
export const MAX_LOGO_PIXELS = 16_000_000;
const OUT = { width: 600, height: 200 };

type LogoType = "png" | "jpeg" | "svg";

function sniff(bytes: Buffer): LogoType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const head = bytes.subarray(0, 4096).toString("utf8");
  if (!head.includes("\u0000") && /<svg[\s>]/i.test(head)) return "svg";
  return null;
}

const UNSAFE_SVG: [RegExp, string][] = [
  [/<script/i, "a script"],
  [/\son[a-z]+\s*=/i, "an event handler"],
  [/<!(DOCTYPE|ENTITY)/i, "a document type or entity"],
  [/<foreignObject/i, "embedded HTML"],
  [/(?:xlink:)?href\s*=\s*["'](?!#)/i, "a reference to another file"],
  [/url\(\s*["']?(?!#)/i, "a reference to another file"],
  [/<\?xml-stylesheet/i, "a stylesheet reference"],
];

export const unsafeLogo = (message: string) => new AppError(415, message);

export async function renderLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError(400, "The logo file is empty.");
  if (bytes.length > MAX_LOGO_BYTES) throw new AppError(413, "The logo must be at most 1 MB.");
  const type = sniff(bytes);
  if (!type) throw unsafeLogo("The logo must be a PNG, JPEG or SVG image.");
  if (type === "svg") {
    const text = bytes.toString("utf8");
    for (const [pattern, what] of UNSAFE_SVG) {
      if (pattern.test(text)) throw unsafeLogo(`The SVG logo contains ${what}; save it as a plain SVG or a PNG.`);
    }
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_LOGO_PIXELS, failOn: "error", density: 144 })
      .resize(OUT.width, OUT.height, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    const message = String((err as Error)?.message ?? "");
    if (/pixel limit/i.test(message)) {
      throw new AppError(413, "The logo's image is too large: at most about 4,000 × 4,000 pixels.");
    }
    throw new AppError(400, "The logo could not be read: the file is damaged or not an image.");
  }
}
