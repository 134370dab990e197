// Drawing files made at run time: real multi-page PDFs from pdfkit (line work and text, as a
// drawing set has), and the bad files an upload must refuse.
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
