// The report PDF's "Before and after" section (issue 23): each fix photo beside the original it
// answers (the one at its position, else the first), both embedded as stored, with their upload times.
import type { Locale } from "@sitesnag/shared/i18n/locales";
import type { AttachmentRow } from "../db/schema";
import { formatDayTimeIn } from "../format";
import { type Translator, translatorFor } from "../i18n/translate";
import { ensureSpace } from "../pdf/pdf-page";
import { C, CONTENT_WIDTH, PAGE } from "../pdf/pdf-style";

export type PhotoWithImage = { row: AttachmentRow; image: Buffer | null };

const GAP = 16;
const BOX = { width: (CONTENT_WIDTH - GAP) / 2, height: 170 };

function drawBox(
  doc: PDFKit.PDFDocument,
  x: number,
  top: number,
  label: string,
  photo: PhotoWithImage | null,
  words: { t: Translator; locale: Locale },
) {
  const { t, locale } = words;
  doc.fillColor(C.brand).font("bold").fontSize(8).text(label, x, top, { characterSpacing: 0.6, lineBreak: false });
  const y = top + 12;
  doc.rect(x, y, BOX.width, BOX.height).fill(C.panel);
  if (photo?.image) {
    const w = photo.row.width ?? 4;
    const h = photo.row.height ?? 3;
    const scale = Math.min(BOX.width / w, BOX.height / h);
    const size = { width: w * scale, height: h * scale };
    doc.image(photo.image, x + (BOX.width - size.width) / 2, y + (BOX.height - size.height) / 2, size);
  } else {
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(9)
      .text(photo ? t("pdf.imageNotFound") : t("pdf.fix.noOriginal"), x, y + BOX.height / 2 - 5, {
        width: BOX.width,
        align: "center",
        lineBreak: false,
      });
  }
  doc.rect(x, y, BOX.width, BOX.height).lineWidth(0.5).strokeColor(C.line).stroke();
  if (photo) {
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(7.5)
      .text(
        t("pdf.fix.uploaded", {
          name: photo.row.original_name,
          date: formatDayTimeIn(locale, Number(photo.row.created_at)),
        }),
        x,
        y + BOX.height + 4,
        {
          width: BOX.width,
          lineBreak: false,
          ellipsis: true,
        },
      );
  }
}

export function drawFixPairs(
  doc: PDFKit.PDFDocument,
  originals: readonly PhotoWithImage[],
  fixes: readonly PhotoWithImage[],
  locale: Locale = "en-GB",
) {
  if (fixes.length === 0) return;
  const t = translatorFor(locale);
  const words = { t, locale };
  ensureSpace(doc, 30 + BOX.height + 30);
  doc.moveDown(0.6);
  doc
    .fillColor(C.ink)
    .font("bold")
    .fontSize(13)
    .text(t("pdf.fix.title", { count: fixes.length }), PAGE.margin, doc.y);
  doc.moveDown(0.5);
  fixes.forEach((fix, i) => {
    ensureSpace(doc, BOX.height + 34);
    const top = doc.y;
    const before = t("pdf.fix.before", { number: i + 1, count: fixes.length }).toLocaleUpperCase(locale);
    drawBox(doc, PAGE.margin, top, before, originals[i] ?? originals[0] ?? null, words);
    drawBox(doc, PAGE.margin + BOX.width + GAP, top, t("pdf.fix.after").toLocaleUpperCase(locale), fix, words);
    doc.y = top + 12 + BOX.height + 22;
  });
}
