// The photo rows of the report PDF: the stored display file in a box on the left, and beside it the
// photo's location and description (from the description segments) and its evidence: upload time,
// GPS when the report has one, and the SHA-256 of the stored file.
import type { Locale } from "@sitesnag/shared/i18n/locales";
import {
  NO_DESCRIPTION,
  NO_LOCATION,
  pairPhotoSegments,
  parsePhotoDescription,
} from "@sitesnag/shared/photo-description";
import type { Report } from "@sitesnag/shared/snagging";
import type { AttachmentRow } from "../db/schema";
import { formatCoordinate, formatDayTimeIn } from "../format";
import { type Translator, translatorFor } from "../i18n/translate";
import { ensureSpace } from "./pdf-page";
import { C, CONTENT_WIDTH, PAGE } from "./pdf-style";

/** A document's photos: each attachment row with its display file (null when storage no longer has it). */
export type PdfPhotosInput = {
  report: Report;
  attachments: readonly AttachmentRow[];
  images: readonly (Buffer | null)[];
  /** The reader's language for the section's own words (English when absent). */
  locale?: Locale | undefined;
};

// Each photo is a row: the image in a fixed box on the left, its text and evidence on the right;
// three rows fit a page, so twenty photos take seven pages rather than twenty.
const BOX = { width: 250, height: 188 };
/** The photo box in points (print copies are sized for it). */
export const PHOTO_BOX = BOX;
const TEXT_X = PAGE.margin + BOX.width + 16;
const TEXT_WIDTH = CONTENT_WIDTH - BOX.width - 16;

function fitImage(row: AttachmentRow): { width: number; height: number } {
  const w = row.width ?? 4;
  const h = row.height ?? 3;
  const scale = Math.min(BOX.width / w, BOX.height / h);
  return { width: w * scale, height: h * scale };
}

function evidenceLines(report: Report, row: AttachmentRow, t: Translator, locale: Locale): [string, string][] {
  const sha = row.sha256 ?? t("pdf.photos.hashNotRecorded");
  const lines: [string, string][] = [[t("pdf.photos.uploaded"), formatDayTimeIn(locale, Number(row.created_at))]];
  if (report.locationLat !== null && report.locationLng !== null) {
    lines.push([
      t("pdf.photos.gps"),
      `${formatCoordinate(report.locationLat)}, ${formatCoordinate(report.locationLng)}`,
    ]);
  }
  // 64 hex digits in two lines of 32, so the hash fits the column and stays copyable.
  lines.push(["SHA-256", sha.slice(0, 32)]);
  if (sha.length > 32) lines.push(["", sha.slice(32)]);
  return lines;
}

/** Height of the right-hand column: heading, location, optional description, evidence lines. */
function columnHeight(doc: PDFKit.PDFDocument, location: string, description: string | null, evidence: number): number {
  doc.font("bold").fontSize(11.5);
  const a = doc.heightOfString(location, { width: TEXT_WIDTH });
  doc.font("regular").fontSize(9.5);
  const b = description === null ? 0 : doc.heightOfString(description, { width: TEXT_WIDTH }) + 4;
  return 14 + a + b + 10 + evidence * 10.5;
}

/** A segment's "Location not specified" / "No description" in the PDF's language; what people wrote as it is. */
const inLanguage = <T extends { location: string; description: string }>(t: Translator, segment: T): T => ({
  ...segment,
  location: segment.location === NO_LOCATION ? t("pdf.snagList.noLocation") : segment.location,
  description: segment.description === NO_DESCRIPTION ? t("pdf.snagList.noDescription") : segment.description,
});

export function drawPhotos(doc: PDFKit.PDFDocument, input: PdfPhotosInput) {
  const { report, attachments, images } = input;
  const locale = input.locale ?? "en-GB";
  const t = translatorFor(locale);
  ensureSpace(doc, 30 + BOX.height);
  doc
    .fillColor(C.ink)
    .font("bold")
    .fontSize(13)
    .text(t("pdf.photos.title", { count: attachments.length }), PAGE.margin, doc.y);
  doc.moveDown(0.6);
  if (attachments.length === 0) {
    doc.fillColor(C.muted).font("regular").fontSize(10).text(t("pdf.photos.none"));
    for (const note of parsePhotoDescription(report.description).map((n) => inLanguage(t, n))) {
      doc.moveDown(0.5).fillColor(C.ink).font("bold").fontSize(10).text(note.location);
      doc.font("regular").text(note.description);
    }
    return;
  }
  pairPhotoSegments(report.description, attachments).forEach((segment, i) => {
    const pair = inLanguage(t, segment);
    const row = pair.attachment;
    const evidence = evidenceLines(report, row, t, locale);
    // A description too long for the column beside the photo goes full width under it, where
    // pdfkit can flow it across pages.
    const besideHeight = columnHeight(doc, pair.location, pair.description, evidence.length);
    const isLong = besideHeight > BOX.height + 40;
    const height = Math.max(
      BOX.height,
      isLong ? columnHeight(doc, pair.location, null, evidence.length) : besideHeight,
    );
    ensureSpace(doc, height + 20);
    const top = doc.y;

    drawImageBox(doc, top, row, images[i] ?? null, t("pdf.imageNotFound"));
    doc
      .fillColor(C.brand)
      .font("bold")
      .fontSize(8)
      .text(
        t("pdf.photos.counter", { number: i + 1, count: attachments.length }).toLocaleUpperCase(locale),
        TEXT_X,
        top,
        {
          characterSpacing: 0.6,
        },
      );
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(11.5)
      .text(pair.location, TEXT_X, top + 14, { width: TEXT_WIDTH });
    if (!isLong) {
      doc.moveDown(0.2).fillColor(C.ink).font("regular").fontSize(9.5).text(pair.description, { width: TEXT_WIDTH });
    }
    let line = doc.y + 10;
    for (const [label, value] of evidence) {
      doc
        .fillColor(C.muted)
        .font("bold")
        .fontSize(7)
        .text(label, TEXT_X, line + 0.5, { lineBreak: false });
      doc
        .fillColor(C.ink)
        .font("mono")
        .fontSize(7.5)
        .text(value, TEXT_X + 48, line, { lineBreak: false });
      line += 10.5;
    }
    doc.y = top + height + 10;
    if (isLong) {
      doc
        .fillColor(C.ink)
        .font("regular")
        .fontSize(9.5)
        .text(pair.description, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
      doc.y += 10;
    }
    doc
      .moveTo(PAGE.margin, doc.y)
      .lineTo(PAGE.width - PAGE.margin, doc.y)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc.y += 10;
  });
}

function drawImageBox(doc: PDFKit.PDFDocument, top: number, row: AttachmentRow, image: Buffer | null, missing: string) {
  doc.rect(PAGE.margin, top, BOX.width, BOX.height).fill(C.panel);
  if (image) {
    const size = fitImage(row);
    doc.image(image, PAGE.margin + (BOX.width - size.width) / 2, top + (BOX.height - size.height) / 2, size);
  } else {
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(10)
      .text(missing, PAGE.margin, top + BOX.height / 2 - 6, {
        width: BOX.width,
        align: "center",
        lineBreak: false,
      });
  }
  doc.rect(PAGE.margin, top, BOX.width, BOX.height).lineWidth(0.5).strokeColor(C.line).stroke();
}
