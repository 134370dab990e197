// QR labels for a project's locations (issue 36): A4 sheets of 3 × 7 labels of 70 × 42.4 mm (the
// common self-adhesive sheet), each with a QR code drawn as vector rectangles (crisp at any print
// size, a few hundred bytes each), the location's path and code, the project's name and the
// workspace's logo when it has one. Runs in the PDF pool's worker (workers/pdf-pool.ts).
import type { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { PdfBrand } from "../pdf/pdf-brand";
import { pdfFonts } from "../pdf/pdf-fonts";
import { C, PAGE } from "../pdf/pdf-style";

export type LabelEntry = { path: string; code: string | null; url: string };
export type LabelsHead = {
  projectName: string;
  brand: PdfBrand;
  /** Words of the sheet in the reader's language (pdf.labels.*). */
  words: { title: string; scan: string };
};
export type LabelsTask = { kind: "labels"; head: LabelsHead; labels: LabelEntry[] };

export const LABEL_COLUMNS = 3;
export const LABEL_ROWS = 7;
const LABEL_W = PAGE.width / LABEL_COLUMNS;
const LABEL_H = PAGE.height / LABEL_ROWS;
const PAD = 9;
const QR_SIZE = LABEL_H - 2 * PAD;

/** Adds one QR code's dark modules, a rectangle per horizontal run, filled at once. */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  // A quiet zone of 2 modules inside `size` (the label's margin gives the rest).
  const unit = size / (modules.size + 4);
  for (let row = 0; row < modules.size; row += 1) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col += 1;
      doc.rect(x + (start + 2) * unit, y + (row + 2) * unit, (col - start) * unit, unit);
    }
  }
  doc.fillColor("#000000").fill();
}

function drawLabel(doc: PDFKit.PDFDocument, head: LabelsHead, label: LabelEntry, x: number, y: number): void {
  drawQr(doc, label.url, x + PAD - 4, y + PAD, QR_SIZE);
  const textX = x + QR_SIZE + PAD;
  const textW = LABEL_W - QR_SIZE - PAD - PAD;
  let cursor = y + PAD + 2;
  if (label.code) {
    doc.font("bold").fontSize(11).fillColor(C.ink);
    doc.text(label.code, textX, cursor, { width: textW, lineBreak: false, ellipsis: true, height: 14 });
    cursor += 15;
  }
  doc.font("regular").fontSize(8).fillColor(C.ink);
  doc.text(label.path, textX, cursor, { width: textW, height: 52, ellipsis: true, lineGap: 0.5 });
  const bottom = y + LABEL_H - PAD;
  doc.font("regular").fontSize(6).fillColor(C.muted);
  doc.text(head.projectName, textX, bottom - 16, { width: textW, height: 8, lineBreak: false, ellipsis: true });
  doc.text(head.words.scan, textX, bottom - 8, { width: textW, height: 8, lineBreak: false, ellipsis: true });
  if (head.brand.logo) {
    try {
      doc.image(Buffer.from(head.brand.logo), x + LABEL_W - PAD - 28, y + PAD - 4, { fit: [28, 12], align: "right" });
    } catch {
      // An unreadable logo leaves the label without it.
    }
  }
}

/** The sheet(s), streamed as pdfkit writes them. */
export function renderLabelsPdf(task: Omit<LabelsTask, "kind">): Readable {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    autoFirstPage: false,
    info: { Title: task.head.words.title, Creator: task.head.brand.name },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  const perPage = LABEL_COLUMNS * LABEL_ROWS;
  task.labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage();
    drawLabel(doc, task.head, label, (slot % LABEL_COLUMNS) * LABEL_W, Math.floor(slot / LABEL_COLUMNS) * LABEL_H);
  });
  if (task.labels.length === 0) doc.addPage();
  doc.end();
  return doc;
}

export async function renderLabelsDocument(task: LabelsTask): Promise<Readable> {
  return renderLabelsPdf(task);
}
