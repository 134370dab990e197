// Drawing files made at run time: real multi-page PDFs from pdfkit (line work and text, as a
// drawing set has), the bad files an upload must refuse, and hostile ones written by hand (issue 34).
import { constants, deflateRawSync } from "node:zlib";
import PDFDocument from "pdfkit";

type PdfOptions = { pages?: number; size?: string | [number, number]; userPassword?: string };

export async function drawingPdf(options: PdfOptions = {}): Promise<Buffer> {
  const { pages = 3, size = "A3", userPassword } = options;
  const doc = new PDFDocument({ size, autoFirstPage: false, ...(userPassword ? { userPassword } : {}) });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on("end", resolve));
  for (let n = 1; n <= pages; n += 1) {
    doc.addPage();
    const { width, height } = doc.page;
    doc
      .rect(20, 20, width - 40, height - 40)
      .lineWidth(2)
      .stroke();
    for (let x = 60; x < width - 60; x += 40)
      doc
        .moveTo(x, 60)
        .lineTo(x, height - 60)
        .lineWidth(0.3)
        .stroke();
    doc.fontSize(24).text(`Level ${n} floor plan`, 40, 40);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A PDF whose body is cut off after its header: damaged. */
export async function damagedPdf(): Promise<Buffer> {
  const whole = await drawingPdf({ pages: 1 });
  return Buffer.concat([
    Buffer.from("%PDF-1.7\n"),
    Buffer.from("1 0 obj << /Type /Catalog /Pages 9 0 R"),
    whole.subarray(900, 1000),
  ]);
}

/** `length` zero bytes, zlib-compressed (~1,000:1) without ever holding them: 1 MiB blocks repeated. */
function deflatedZeros(length: number): Buffer {
  const block = 1 << 20;
  // A full flush ends each block byte-aligned with no back-reference across it, so the same
  // compressed bytes can follow one another; the stream ends with an empty final block.
  const whole = deflateRawSync(Buffer.alloc(block), { finishFlush: constants.Z_FULL_FLUSH });
  const rest = length % block;
  const parts: Buffer[] = [Buffer.from([0x78, 0x9c])];
  for (let i = 0; i < Math.floor(length / block); i += 1) parts.push(whole);
  if (rest > 0) parts.push(deflateRawSync(Buffer.alloc(rest), { finishFlush: constants.Z_FULL_FLUSH }));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  // Adler-32 of zeros: a stays 1, b adds 1 a byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/**
 * A PDF written by hand whose `pages` pages (A3) each draw one and the same grey image XObject
 * declared `width` × `height`, stored as compressed zeros. 60,000 × 60,000 makes the image bomb
 * of issue 34 (3.5 MB on disk, 3.6 GB once decoded); 100 pages reusing a modest image make a set
 * where every page decodes it again.
 */
export function imagePdf(options: { pages: number; width: number; height: number }): Buffer {
  const { pages, width, height } = options;
  const image = deflatedZeros(width * height);
  const objects: (string | Buffer)[][] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  objects.push(["<< /Type /Catalog /Pages 2 0 R >>"]);
  objects.push([`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`]);
  objects.push([
    `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
    image,
    "\nendstream",
  ]);
  const content = "q 842 0 0 1191 0 0 cm /Im0 Do Q";
  for (const id of pageIds) {
    objects.push([
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 1191] /Resources << /XObject << /Im0 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    ]);
    objects.push([`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
  }
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((parts, i) => {
    offsets.push(offset);
    const bytes = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`),
      ...parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)),
      Buffer.from("\nendobj\n"),
    ]);
    chunks.push(bytes);
    offset += bytes.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(offset),
    "%%EOF",
    "",
  ].join("\n");
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}
