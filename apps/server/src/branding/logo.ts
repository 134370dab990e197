// A company logo made safe for PDFs: PNG, JPEG or SVG in, a PNG of at most 600 × 200 out. The
// bytes are sniffed (not the name); an SVG holding a script, an event handler, an entity, any
// reference outside itself, or more to draw than a logo needs is refused before anything renders
// it (logo-svg.ts); every image is rendered in a process of its own with a time budget and a pixel
// ceiling (logo-renderer.ts), so neither a decompression bomb nor a drawing that never ends
// reaches the threads the server's requests use.
import { MAX_LOGO_BYTES } from "@sitesnag/shared/branding";
import { AppError } from "../http/errors";
import type { LogoRenderer } from "./logo-renderer";
import { inspectSvg, unsafeLogo } from "./logo-svg";

type LogoType = "png" | "jpeg" | "svg";

function sniff(bytes: Buffer): LogoType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const head = bytes.subarray(0, 4096).toString("utf8");
  if (!head.includes("\u0000") && /<svg[\s>]/i.test(head)) return "svg";
  return null;
}

export async function renderLogo(logos: LogoRenderer, bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new AppError(400, "The logo file is empty.");
  if (bytes.length > MAX_LOGO_BYTES) throw new AppError(413, "The logo must be at most 1 MB.");
  const type = sniff(bytes);
  if (!type) throw unsafeLogo("The logo must be a PNG, JPEG or SVG image.");
  if (type === "svg") inspectSvg(bytes.toString("utf8"));
  return logos.render(bytes);
}
