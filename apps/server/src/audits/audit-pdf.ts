// The site audit PDF (A4, pdfkit), rendered in the PDF worker pool like a report's: a cover with the
// project, auditor, dates, the compliance score in its band colour with the counts, and the 5×5 risk
// matrix; then every item with its answer, notes, risk and photos (each the stored display file
// embedded byte for byte, with its SHA-256); then both signatures with names and times. Pages are
// buffered so the footer says "Page N of M" and names the workspace.
import { COMPLIANCE_BAND_LABELS, complianceBand, countStatuses, riskMatrix } from "@sitesnag/shared/audit-scoring";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import PDFDocument from "pdfkit";
import { formatDayIn, formatDayTimeIn } from "../format";
import { type Translator, translatorFor } from "../i18n/translate";
import { fitOneLine, type PdfBrand } from "../pdf/pdf-brand";
import { pdfFonts } from "../pdf/pdf-fonts";
import { ensureSpace } from "../pdf/pdf-page";
import { breakable, C, CONTENT_WIDTH, PAGE } from "../pdf/pdf-style";
import { drawItems, drawSignatures } from "./audit-pdf-items";
import { BAND_COLOURS, RISK_COLOURS } from "./audit-pdf-style";

export type AuditPdfInput = {
  kind: "audit";
  audit: AuditApi;
  workspaceName: string;
  /** The workspace's company branding for the cover's header (issue 27); SiteSnag's when absent. */
  brand?: PdfBrand;
  /** The display file of every photo, in checklist order then photo order; null when missing. */
  images: readonly (Buffer | null)[];
  /** The auditor's and the site representative's signature PNGs (null when unsigned or missing). */
  signatures: { auditor: Buffer | null; siteRep: Buffer | null };
  generatedAt: number;
  /** The downloader's language (or the one asked for): the PDF's own words and the standard template's; English when absent. */
  locale?: Locale;
};

export function renderAuditPdf(input: AuditPdfInput): PDFKit.PDFDocument {
  const { audit } = input;
  const locale = input.locale ?? "en-GB";
  const t = translatorFor(locale);
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin + PAGE.footer - 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: t("pdf.audit.docTitle", { project: audit.projectName, date: formatDayIn(locale, audit.auditDate) }),
      Author: audit.auditorName || PRODUCT_NAME,
      Subject: audit.projectName,
      Creator: PRODUCT_NAME,
      CreationDate: new Date(input.generatedAt * 1000),
    },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.registerFont("mono", fonts.mono);

  drawCover(doc, input, t, locale);
  drawMatrix(doc, audit, t);
  drawItems(doc, input);
  drawSignatures(doc, input);
  drawFurniture(doc, input, t, locale);
  doc.end();
  return doc;
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  doc.fillColor(C.muted).font("bold").fontSize(7.5).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
}

function field(doc: PDFKit.PDFDocument, x: number, y: number, width: number, name: string, value: string): number {
  label(doc, name, x, y, width);
  doc
    .fillColor(C.ink)
    .font("regular")
    .fontSize(10.5)
    .text(breakable(value || "—"), x, y + 12, { width });
  return doc.y;
}

function drawCover(
  doc: PDFKit.PDFDocument,
  { audit, workspaceName, generatedAt, brand }: AuditPdfInput,
  t: Translator,
  locale: Locale,
) {
  const formatDay = (seconds: number) => formatDayIn(locale, seconds);
  const formatDayTime = (seconds: number) => formatDayTimeIn(locale, seconds);
  doc.rect(0, 0, PAGE.width, 92).fill(C.band);
  doc.rect(0, 92, PAGE.width, 4).fill(brand?.accent ?? C.brand);
  // The company's logo and name as on a report's PDF (snagging/pdf.ts), else SiteSnag's name.
  let nameX = PAGE.margin;
  if (brand?.logo) {
    try {
      doc.image(Buffer.from(brand.logo), PAGE.margin, 18, { fit: [120, 56], valign: "center" });
      nameX += 132;
    } catch {
      // An unreadable logo leaves the name alone in the header.
    }
  }
  doc.fillColor("#ffffff").font("bold");
  const name = fitOneLine(doc, brand?.name ?? PRODUCT_NAME, PAGE.width - nameX - PAGE.margin - 180, 22, 10);
  doc.text(name, nameX, 26, { lineBreak: false });
  doc.fillColor(C.brandSoft).font("regular").fontSize(10).text(t("pdf.audit.kicker"), nameX, 56, {
    lineBreak: false,
  });
  doc
    .fillColor("#ffffff")
    .font("bold")
    .fontSize(13)
    .text(breakable(workspaceName), PAGE.margin + 180, 28, { width: CONTENT_WIDTH - 180, align: "right", height: 18 });
  doc
    .fillColor("#cbd5e1")
    .font("regular")
    .fontSize(8)
    .text(t("pdf.generated", { date: formatDayTime(generatedAt) }), PAGE.margin, 56, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });

  doc.fillColor(C.ink).font("bold").fontSize(18).text(breakable(audit.projectName), PAGE.margin, 118, {
    width: CONTENT_WIDTH,
  });
  const status = audit.status === "completed" ? t("pdf.audit.completed") : t("pdf.audit.draft");
  doc
    .fillColor(audit.status === "completed" ? "#16a34a" : C.muted)
    .font("bold")
    .fontSize(10)
    .text(t("pdf.audit.statusLine", { status, revision: audit.revision }), PAGE.margin, doc.y + 2);

  const half = (CONTENT_WIDTH - 20) / 2;
  const form = audit.formData;
  const rows: [string, string, string, string][] = [
    [t("pdf.field.project"), audit.projectName, t("pdf.audit.siteAddress"), form.siteAddress ?? ""],
    [t("pdf.audit.auditor"), audit.auditorName, t("pdf.audit.auditDate"), formatDay(audit.auditDate)],
    [
      t("pdf.audit.completed"),
      audit.completedAt === null ? t("pdf.audit.notYet") : formatDayTime(audit.completedAt),
      t("pdf.audit.lastChanged"),
      formatDayTime(audit.updatedAt),
    ],
    [
      t("pdf.audit.principalContractor"),
      form.principalContractor ?? "",
      t("pdf.audit.weatherShift"),
      [form.weather, form.shift].filter(Boolean).join(" / "),
    ],
    [t("pdf.audit.template"), audit.templateVersion, t("pdf.audit.workspace"), workspaceName],
  ];
  let y = doc.y + 14;
  for (const [l1, v1, l2, v2] of rows) {
    const end1 = field(doc, PAGE.margin, y, half, l1, v1);
    const end2 = field(doc, PAGE.margin + half + 20, y, half, l2, v2);
    y = Math.max(end1, end2) + 10;
  }
  if (audit.notes) y = field(doc, PAGE.margin, y, CONTENT_WIDTH, t("pdf.audit.notes"), audit.notes) + 10;

  // The compliance score in its band colour, and the counts behind it.
  const counts = countStatuses(audit.items);
  const band = complianceBand(audit.overallScore);
  ensureSpace(doc, 110);
  const top = Math.max(doc.y, y) + 6;
  doc.roundedRect(PAGE.margin, top, 150, 86, 6).fill(BAND_COLOURS[band]);
  doc
    .fillColor("#ffffff")
    .font("bold")
    .fontSize(30)
    .text(`${audit.overallScore}%`, PAGE.margin, top + 14, { width: 150, align: "center" });
  doc
    .font("regular")
    .fontSize(9.5)
    .text(t("pdf.audit.compliance", { band: COMPLIANCE_BAND_LABELS[band] }), PAGE.margin, top + 56, {
      width: 150,
      align: "center",
    });
  const tally: [string, number][] = [
    [t("pdf.audit.compliant"), counts.compliant],
    [t("pdf.audit.improvement"), counts.improvement],
    [t("pdf.audit.nonCompliant"), counts.nonCompliant],
    [t("pdf.audit.notApplicable"), counts.notApplicable],
    [t("pdf.audit.notAssessed"), counts.notAssessed],
    [t("pdf.audit.totalItems"), counts.total],
  ];
  tally.forEach(([name, n], i) => {
    const x = PAGE.margin + 170 + (i % 3) * 110;
    const ty = top + 6 + Math.floor(i / 3) * 42;
    label(doc, name, x, ty, 105);
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(16)
      .text(String(n), x, ty + 12, { width: 105 });
  });
  doc.y = top + 104;
}

/** The 5×5 matrix: severity 5 at the top, likelihood 1 to 5 left to right, each cell's item count. */
function drawMatrix(doc: PDFKit.PDFDocument, audit: AuditApi, t: Translator) {
  const cell = 38;
  const left = PAGE.margin + 70;
  ensureSpace(doc, cell * 5 + 80);
  doc.fillColor(C.ink).font("bold").fontSize(13).text(t("pdf.audit.riskMatrix"), PAGE.margin, doc.y);
  const top = doc.y + 8;
  const matrix = riskMatrix(audit.items);
  matrix.forEach((row, r) => {
    const y = top + r * cell;
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(8)
      .text(t("pdf.audit.severity", { n: row[0]?.severity ?? "" }), PAGE.margin, y + cell / 2 - 4, { width: 66 });
    row.forEach((c, col) => {
      const x = left + col * cell;
      doc.rect(x, y, cell, cell).fillAndStroke(RISK_COLOURS[c.band], "#ffffff");
      doc
        .fillColor("#ffffff")
        .font("bold")
        .fontSize(c.itemIds.length > 0 ? 12 : 8)
        .text(c.itemIds.length > 0 ? String(c.itemIds.length) : String(c.score), x, y + cell / 2 - 6, {
          width: cell,
          align: "center",
        });
    });
  });
  for (let l = 1; l <= 5; l += 1) {
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(7)
      .text(t("pdf.audit.likelihoodShort", { n: l }), left + (l - 1) * cell, top + 5 * cell + 4, {
        width: cell,
        align: "center",
      });
  }
  doc
    .fillColor(C.muted)
    .fontSize(8)
    .text(t("pdf.audit.matrixKey"), left, top + 5 * cell + 16, { width: CONTENT_WIDTH - 70 });
  doc.y = top + 5 * cell + 40;
}

function drawFurniture(
  doc: PDFKit.PDFDocument,
  { audit, workspaceName, generatedAt }: AuditPdfInput,
  t: Translator,
  locale: Locale,
) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 36;
    doc
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.width - PAGE.margin, y - 8)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    const left = t("pdf.audit.footer", {
      workspace: workspaceName,
      project: audit.projectName,
      date: formatDayTimeIn(locale, generatedAt),
      name: PRODUCT_NAME,
    });
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(7.5)
      .text(left.length > 95 ? `${left.slice(0, 92)}…` : left, PAGE.margin, y, { lineBreak: false });
    doc.text(t("pdf.page", { page: i + 1, count: range.count }), PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
