// The report PDF's "History" section: every entry of the report's history, oldest first, one line
// each with its time, and for a change that came through the offline queue when it was made.
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { formatDayTimeIn } from "../format";
import { translatorFor } from "../i18n/translate";
import { ensureSpace } from "../pdf/pdf-page";
import { breakable, C, CONTENT_WIDTH, PAGE } from "../pdf/pdf-style";

export type PdfHistoryEntry = { at: number; summary: string; offline?: { madeAt: number | null } | undefined };

const TIME_WIDTH = 132;

/** The section's own words follow `locale`, as each entry's summary does (activity.presenter.ts). */
export function drawHistory(doc: PDFKit.PDFDocument, history: readonly PdfHistoryEntry[], locale: Locale = "en-GB") {
  const t = translatorFor(locale);
  const formatDayTime = (seconds: number) => formatDayTimeIn(locale, seconds);
  ensureSpace(doc, 60);
  doc.moveDown(1);
  doc
    .fillColor(C.ink)
    .font("bold")
    .fontSize(13)
    .text(t("pdf.history.title", { count: history.length }), PAGE.margin, doc.y);
  doc.moveDown(0.4);
  if (history.length === 0) {
    doc.fillColor(C.muted).font("regular").fontSize(10).text(t("pdf.history.none"), PAGE.margin, doc.y);
    return;
  }
  const textX = PAGE.margin + TIME_WIDTH;
  const textWidth = CONTENT_WIDTH - TIME_WIDTH;
  for (const entry of history) {
    const note =
      entry.offline === undefined
        ? ""
        : ` (${
            entry.offline.madeAt === null
              ? t("pdf.history.offline", { received: formatDayTime(entry.at) })
              : t("pdf.history.offlineMade", {
                  made: formatDayTime(entry.offline.madeAt),
                  received: formatDayTime(entry.at),
                })
          })`;
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
