// The drawing pipeline, run inside a worker thread (sheet-worker.ts): identify an upload by its
// bytes, inspect it cheaply (page count and sizes, encryption, damage) before anything is stored,
// and render one page to a Deep Zoom tile pyramid plus a thumbnail and a preview.
//
// PDF pages are rasterised by pdf.js on @napi-rs/canvas at up to RENDER_DPI, capped by a pixel
// budget so an A0 sheet lands at ~150 dpi (line work of 0.25 mm stays legible) and memory stays
// bounded; images are decoded by sharp with an input-pixel limit (decompression bombs).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_SHEET_PAGES } from "@sitesnag/shared/sheets";
import sharp from "sharp";
import { TILE_SIZE } from "./sheet-files";

sharp.concurrency(1);
sharp.cache(false);

export type SheetKind = "pdf" | "jpeg" | "png";

/** The longest side a page may have: 5 m (a drawing is at most A0 extended, ~1.2 × 3.6 m). */
export const MAX_PAGE_POINTS = 14_173;
/** Images larger than this are refused as decompression bombs (a 100 MP scan is already huge). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Resolution wanted for a PDF page before the pixel budget applies. */
export const RENDER_DPI = 200;
export const THUMBNAIL_EDGE = 400;
export const PREVIEW_EDGE = 1600;

/** The type named by the file's first bytes, or null for anything else. */
export function sniffSheetType(bytes: Uint8Array): SheetKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 5 && b.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  return null;
}

/** What the upload holds, or the sentence telling the user what is wrong with it. */
export type Inspection = { pages: { width: number; height: number }[] } | { error: string; tooLarge?: boolean };

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve("pdfjs-dist/package.json"));

/**
 * pdf.js's own bounds on what one file may make it allocate (decision 0047): an image of more than
 * `maxImagePixels` is left out of the page instead of decoded (inspection refuses the images it can
 * see; this catches the rest), and the canvases it makes for itself stay within the page's budget.
 */
type PdfLimits = { maxImagePixels: number; maxPixels: number };

async function openPdf(bytes: Uint8Array, limits: PdfLimits) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    maxImageSize: Math.floor(limits.maxImagePixels),
    canvasMaxAreaInBytes: Math.floor(limits.maxPixels * 4),
    // pdf.js refuses a Node Buffer: hand it a plain Uint8Array view of the same bytes.
    data: Buffer.isBuffer(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    // Fonts a PDF names but does not embed (Helvetica …) and CJK character maps, from the package.
    standardFontDataUrl: `${path.join(pdfjsRoot, "standard_fonts")}/`,
    cMapUrl: `${path.join(pdfjsRoot, "cmaps")}/`,
    cMapPacked: true,
  });
  const pdf = await task.promise.catch(async (err: unknown) => {
    await task.destroy();
    throw err;
  });
  return Object.assign(pdf, { close: () => task.destroy() });
}

function pdfError(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === "PasswordException") {
    return "This PDF is protected by a password. Save it without the password and upload it again.";
  }
  return "This PDF is damaged and cannot be read. Export it again from the drawing program and upload the new file.";
}

const mm = (points: number) => Math.round((points / 72) * 25.4);
const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

/**
 * The largest image a PDF declares, read from its bytes without decoding anything: every
 * dictionary naming `/Subtype /Image` (an image XObject is always a stream object of its own, never
 * inside an object stream), with its `/Width` and `/Height` (numbers, or references to numbers).
 * A page drawing a 60,000 × 60,000 image from a few MB of compressed zeros is found here, before
 * pdf.js would try to decode it (decision 0047). Inline images are bounded by pdf.js when drawn.
 */
export function largestPdfImage(bytes: Uint8Array): { width: number; height: number } | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const resolve = (value: string | undefined, ref: string | undefined): number => {
    if (value === undefined) return 0;
    if (ref === undefined) return Number(value);
    const target = new RegExp(`(?:^|[^0-9])${value}\\s+${ref}\\s+obj\\s*(\\d+)`).exec(text);
    return target ? Number(target[1]) : 0;
  };
  let largest: { width: number; height: number } | undefined;
  for (const match of text.matchAll(/\/Subtype\s*\/Image\b/g)) {
    // The dictionary around the match: from the object's start to its stream (or the next object).
    const start = Math.max(0, text.lastIndexOf(" obj", match.index), match.index - 4096);
    const ends = [text.indexOf("stream", match.index), text.indexOf("endobj", match.index), match.index + 4096];
    const end = Math.min(...ends.filter((i) => i >= 0));
    const dict = text.slice(start, end);
    const w = /\/W(?:idth)?\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
    const h = /\/H(?:eight)?\s+(\d+)(?:\s+(\d+)\s+R)?/.exec(dict);
    const width = resolve(w?.[1], w?.[2]);
    const height = resolve(h?.[1], h?.[2]);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

export async function inspectSheetFile(
  bytes: Uint8Array,
  kind: SheetKind,
  maxImagePixels = MAX_IMAGE_PIXELS,
): Promise<Inspection> {
  if (kind !== "pdf") {
    try {
      const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      if (!width || !height) return { error: "This image cannot be read: it is damaged or incomplete." };
      if (width * height > MAX_IMAGE_PIXELS) {
        return {
          error: `This image is ${width} × ${height} pixels, more than the ${MAX_IMAGE_PIXELS / 1_000_000} megapixels a drawing can have. Reduce its size and upload it again.`,
          tooLarge: true,
        };
      }
      return { pages: [{ width, height }] };
    } catch {
      return { error: "This image cannot be read: it is damaged or incomplete." };
    }
  }
  const image = largestPdfImage(bytes);
  if (image && image.width * image.height > maxImagePixels) {
    return {
      error: `This PDF holds an image of ${image.width} × ${image.height} pixels, more than the ${megapixels(maxImagePixels)} megapixels a drawing's image can have. Export the drawing again at a lower resolution and upload it again.`,
      tooLarge: true,
    };
  }
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes, { maxImagePixels, maxPixels: maxImagePixels });
  } catch (err) {
    return { error: pdfError(err) };
  }
  try {
    if (pdf.numPages > MAX_SHEET_PAGES) {
      return {
        error: `This PDF has ${pdf.numPages} pages; a drawing set can have at most ${MAX_SHEET_PAGES}. Split it and upload the parts.`,
        tooLarge: true,
      };
    }
    const pages: { width: number; height: number }[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const { width, height } = page.getViewport({ scale: 1 });
      page.cleanup();
      if (!(width > 0 && height > 0)) return { error: `Page ${n} of this PDF has no size and cannot be drawn.` };
      if (Math.max(width, height) > MAX_PAGE_POINTS) {
        return {
          error: `Page ${n} of this PDF is ${mm(width)} × ${mm(height)} mm, larger than the ${mm(MAX_PAGE_POINTS) / 1000} m a sheet may measure on a side.`,
          tooLarge: true,
        };
      }
      pages.push({ width, height });
    }
    return { pages };
  } catch (err) {
    return { error: pdfError(err) };
  } finally {
    await pdf.close();
  }
}

/** The scale (pixels per PDF point) for a page: RENDER_DPI, lowered to fit the pixel budget. */
export function renderScale(widthPt: number, heightPt: number, maxPixels: number): number {
  const wanted = RENDER_DPI / 72;
  const budget = Math.sqrt(maxPixels / (widthPt * heightPt));
  return Math.max(0.01, Math.min(wanted, budget));
}

type Raster = { data: Buffer; width: number; height: number; channels: 3 | 4 };

async function rasterisePdfPage(bytes: Uint8Array, pageNumber: number, limits: PdfLimits): Promise<Raster | string> {
  const { maxPixels } = limits;
  const { createCanvas } = await import("@napi-rs/canvas");
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes, limits);
  } catch (err) {
    return pdfError(err);
  }
  try {
    if (pageNumber > pdf.numPages) return `This PDF has no page ${pageNumber}.`;
    const page = await pdf.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: renderScale(base.width, base.height, maxPixels) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    // @napi-rs/canvas stands in for the DOM canvas pdf.js was written for.
    const params = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
    await page.render(params).promise;
    const pixels = context.getImageData(0, 0, width, height).data;
    return { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height, channels: 4 };
  } catch (err) {
    return pdfError(err);
  } finally {
    await pdf.close();
  }
}

async function rasteriseImage(bytes: Uint8Array, maxPixels: number): Promise<Raster | string> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).autoOrient();
    const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    const w = meta.autoOrient?.width ?? meta.width ?? 1;
    const h = meta.autoOrient?.height ?? meta.height ?? 1;
    const shrink = Math.min(1, Math.sqrt(maxPixels / (w * h)));
    const { data, info } = await image
      .resize(Math.max(1, Math.floor(w * shrink)), Math.max(1, Math.floor(h * shrink)), { fit: "fill" })
      .flatten({ background: "#ffffff" })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch {
    return "This image cannot be read: it is damaged or incomplete.";
  }
}

export type RenderedSheet = {
  width: number;
  height: number;
  /** Each tile as `<level>/<col>-<row>.jpg` with its JPEG bytes. */
  tiles: { name: string; bytes: Uint8Array }[];
  thumbnail: Uint8Array;
  preview: Uint8Array;
};

/** Renders one page (or the image) to tiles; a string is the sentence saying why it cannot. */
export async function renderSheetPage(
  bytes: Uint8Array,
  kind: SheetKind,
  pageNumber: number,
  maxPixels: number,
  maxImagePixels = MAX_IMAGE_PIXELS,
): Promise<RenderedSheet | { error: string }> {
  const raster =
    kind === "pdf"
      ? await rasterisePdfPage(bytes, pageNumber, { maxPixels, maxImagePixels })
      : await rasteriseImage(bytes, maxPixels);
  if (typeof raster === "string") return { error: raster };
  const input = () =>
    sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } });
  const dir = await mkdtemp(path.join(tmpdir(), "sitesnag-sheet-"));
  try {
    await input()
      .removeAlpha()
      .jpeg({ quality: 82, mozjpeg: false })
      .tile({ size: TILE_SIZE, overlap: 0, layout: "dz" })
      .toFile(path.join(dir, "sheet.dz"));
    const tiles: RenderedSheet["tiles"] = [];
    const root = path.join(dir, "sheet_files");
    for (const level of (await readdir(root)).filter((name) => /^\d+$/.test(name))) {
      for (const file of await readdir(path.join(root, level))) {
        const match = /^(\d+)_(\d+)\.jpe?g$/.exec(file);
        if (!match) continue;
        tiles.push({
          name: `${level}/${match[1]}-${match[2]}.jpg`,
          bytes: await readFile(path.join(root, level, file)),
        });
      }
    }
    const thumbnail = await input()
      .removeAlpha()
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: "inside" })
      .jpeg({ quality: 80 })
      .toBuffer();
    const preview = await input()
      .removeAlpha()
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
    return { width: raster.width, height: raster.height, tiles, thumbnail, preview };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
