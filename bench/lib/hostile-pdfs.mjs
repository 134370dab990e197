// Hostile drawing PDFs for bench:plans (issue 34), written by hand as apps/server/test/drawings.ts
// writes them for the tests: pages that draw one grey image XObject stored as compressed zeros.
import { constants, deflateRawSync } from "node:zlib";

/** `length` zero bytes, zlib-compressed, built from 1 MiB full-flush blocks repeated. */
function deflatedZeros(length) {
  const block = 1 << 20;
  const whole = deflateRawSync(Buffer.alloc(block), { finishFlush: constants.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x78, 0x9c])];
  for (let i = 0; i < Math.floor(length / block); i += 1) parts.push(whole);
  if (length % block > 0)
    parts.push(deflateRawSync(Buffer.alloc(length % block), { finishFlush: constants.Z_FULL_FLUSH }));
  parts.push(deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((length % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/** `pages` A3 pages each drawing the same `width` × `height` image (60,000²: the image bomb). */
export function imagePdf({ pages, width, height }) {
  const image = deflatedZeros(width * height);
  const pageIds = Array.from({ length: pages }, (_, i) => 4 + i * 2);
  const content = "q 842 0 0 1191 0 0 cm /Im0 Do Q";
  const objects = [
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    [`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`],
    [
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.length} >>\nstream\n`,
      image,
      "\nendstream",
    ],
  ];
  for (const id of pageIds) {
    objects.push([
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 1191] /Resources << /XObject << /Im0 3 0 R >> >> /Contents ${id + 1} 0 R >>`,
    ]);
    objects.push([`<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
  }
  const chunks = [Buffer.from("%PDF-1.7\n", "latin1")];
  let offset = chunks[0].length;
  const offsets = [];
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
  const xref = ["xref", `0 ${objects.length + 1}`, "0000000000 65535 f "];
  for (const o of offsets) xref.push(`${String(o).padStart(10, "0")} 00000 n `);
  xref.push("trailer", `<< /Size ${objects.length + 1} /Root 1 0 R >>`, "startxref", String(offset), "%%EOF", "");
  chunks.push(Buffer.from(xref.join("\n"), "latin1"));
  return Buffer.concat(chunks);
}
