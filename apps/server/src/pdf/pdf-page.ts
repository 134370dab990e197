// Page furniture every PDF section shares: where a page ends, and starting a new one.
import { BOTTOM, PAGE } from "./pdf-style";

/** Starts a new page unless `needed` points still fit above the footer. */
export function ensureSpace(doc: PDFKit.PDFDocument, needed: number) {
  if (doc.y + needed <= BOTTOM) return;
  doc.addPage();
  doc.y = PAGE.margin + 6;
}
