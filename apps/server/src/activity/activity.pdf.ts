// The report PDF's "History" section: every entry of the report's history, oldest first, one line
// each with its time, and for a change that came through the offline queue when it was made.
import { formatDayTime } from "../format";
import { ensureSpace } from "../pdf/pdf-page";
import { breakable, C, CONTENT_WIDTH, PAGE } from "../pdf/pdf-style";

export type PdfHistoryEntry = { at: number; summary: string; offline?: { madeAt: number | null } | undefined };

const TIME_WIDTH = 132;

export function drawHistory(doc: PDFKit.PDFDocument, history: readonly PdfHistoryEntry[]) {
  ensureSpace(doc, 60);
  doc.moveDown(1);
  doc.fillColor(C.ink).font("bold").fontSize(13).text(`History (${history.length})`, PAGE.margin, doc.y);
  doc.moveDown(0.4);
  if (history.length === 0) {
    doc.fillColor(C.muted).font("regular").fontSize(10).text("No history recorded.", PAGE.margin, doc.y);
    return;
  }
  const textX = PAGE.margin + TIME_WIDTH;
  const textWidth = CONTENT_WIDTH - TIME_WIDTH;
  for (const entry of history) {
    const note =
      entry.offline === undefined
        ? ""
        : ` (offline${entry.offline.madeAt === null ? "" : `: made on the device ${formatDayTime(entry.offline.madeAt)}`}, received ${formatDayTime(entry.at)})`;
    const text = breakable(`${entry.summary}${note}`);
    doc.font("regular").fontSize(9);
    const height = doc.heightOfString(text, { width: textWidth });
    ensureSpace(doc, height + 6);
    const y = doc.y;
    doc
      .fillColor(C.muted)
      .fontSize(8)
      .text(formatDayTime(entry.at), PAGE.margin, y + 0.5, { width: TIME_WIDTH - 8, lineBreak: false });
    doc.fillColor(C.ink).fontSize(9).text(text, textX, y, { width: textWidth });
    doc.y = Math.max(doc.y, y + 11) + 4;
  }
}
