// The evidence PDF of one report (A4, pdfkit). Each photo is embedded as its print copy
// (pdf-print-copies.ts: the stored display file itself when it is small, else scaled to 300 dpi in
// its box), and the SHA-256 printed beside it is the hash of the stored file served at its URL. Pages
// are buffered so the footer can say "Page N of M"; photos are written out as they are placed, so
// the document streams (workers/pdf-stream.ts) without being held whole.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import PDFDocument from "pdfkit";
import { drawHistory, type PdfHistoryEntry } from "../activity/activity.pdf";
import type { AttachmentRow } from "../db/schema";
import { formatCoordinate, formatDay, formatDayTime, mapsUrl } from "../format";
import { DEFAULT_BRAND, fitOneLine, type PdfBrand } from "../pdf/pdf-brand";
import { pdfFonts } from "../pdf/pdf-fonts";
import { drawPhotos } from "../pdf/pdf-photos";
import { breakable, C, CONTENT_WIDTH, PAGE, PRIORITY_COLOURS, STATUS_COLOURS } from "../pdf/pdf-style";
import { drawFixPairs } from "../workflow/workflow.pdf";

export type PdfInput = {
  report: Report;
  clientName: string;
  attachments: readonly AttachmentRow[];
  /** The display file of each attachment, in order; null when storage no longer has it. */
  images: readonly (Buffer | null)[];
  generatedAt: number;
  /** The workspace's company branding for the header (issue 27); SiteSnag's when absent. */
  brand?: PdfBrand;
  /** The report's place on its drawing (issue 24): a crop around its pin, when it has one. */
  plan?: { image: Buffer; sheetName: string; level: string } | null;
  /** The report's history, oldest first (issue 23). */
  history?: readonly PdfHistoryEntry[];
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderReportPdf(original: PdfInput): PDFKit.PDFDocument {
  const input = wrappableText(original);
  const { report } = input;
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin + PAGE.footer - 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: `Snagging report ${report.title}`,
      Author: original.report.createdByName ?? PRODUCT_NAME,
      Subject: original.report.projectName,
      Creator: PRODUCT_NAME,
      CreationDate: new Date(input.generatedAt * 1000),
    },
  });
  doc.registerFont("regular", fonts.regular);
  doc.registerFont("bold", fonts.bold);
  doc.registerFont("mono", fonts.mono);

  drawHeader(doc, input);
  drawDetails(doc, input);
  drawPlan(doc, input);
  // The snag as found, paired with the description's segments; then each fix beside its original.
  const photos = input.attachments.map((row, i) => ({ row, image: input.images[i] ?? null }));
  const originals = photos.filter((p) => p.row.kind !== "fix");
  drawPhotos(doc, { ...input, attachments: originals.map((p) => p.row), images: originals.map((p) => p.image) });
  drawFixPairs(
    doc,
    originals,
    photos.filter((p) => p.row.kind === "fix"),
  );
  if (input.history) drawHistory(doc, input.history);
  drawPageFurniture(doc, input);
  doc.end();
  return doc;
}

/** Every text the user wrote, made `breakable` (the link target of pageUrl stays as written). */
function wrappableText(input: PdfInput): PdfInput {
  const { report } = input;
  const maybe = (text: string | null) => (text === null ? null : breakable(text));
  return {
    ...input,
    clientName: breakable(input.clientName),
    report: {
      ...report,
      description: breakable(report.description),
      projectName: breakable(report.projectName),
      assignedToName: maybe(report.assignedToName),
      createdByName: maybe(report.createdByName),
      locationPath: maybe(report.locationPath),
    },
  };
}

function drawHeader(doc: PDFKit.PDFDocument, { report, generatedAt, brand = DEFAULT_BRAND }: PdfInput) {
  doc.rect(0, 0, PAGE.width, 92).fill(C.band);
  doc.rect(0, 92, PAGE.width, 4).fill(brand.accent);
  let nameX = PAGE.margin;
  if (brand.logo) {
    try {
      doc.image(Buffer.from(brand.logo), PAGE.margin, 18, { fit: [120, 56], valign: "center" });
      nameX += 132;
    } catch {
      // An unreadable logo leaves the name alone in the header.
    }
  }
  doc.fillColor("#ffffff").font("bold");
  const name = fitOneLine(doc, brand.name, PAGE.width - nameX - PAGE.margin - 180, 22, 10);
  doc.text(name, nameX, 26, { lineBreak: false });
  doc.fillColor(C.brandSoft).font("regular").fontSize(10).text("Snagging report", nameX, 56, { lineBreak: false });
  doc
    .fillColor("#ffffff")
    .font("bold")
    .fontSize(15)
    .text(report.title, PAGE.margin, 28, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
  doc
    .fillColor("#cbd5e1")
    .font("regular")
    .fontSize(8)
    .text(`Generated ${formatDayTime(generatedAt)}`, PAGE.margin, 56, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });
  doc.y = 118;
}

function pill(doc: PDFKit.PDFDocument, x: number, y: number, label: string, colour: string): number {
  doc.font("bold").fontSize(8.5);
  const width = doc.widthOfString(label) + 16;
  doc.roundedRect(x, y, width, 17, 8.5).fill(colour);
  doc.fillColor("#ffffff").text(label, x + 8, y + 4, { lineBreak: false });
  return x + width + 8;
}

function field(doc: PDFKit.PDFDocument, x: number, y: number, width: number, label: string, value: string): number {
  doc.fillColor(C.muted).font("bold").fontSize(7.5).text(label.toUpperCase(), x, y, { width, characterSpacing: 0.6 });
  doc
    .fillColor(C.ink)
    .font("regular")
    .fontSize(10.5)
    .text(value, x, y + 12, { width });
  return doc.y;
}

function drawDetails(doc: PDFKit.PDFDocument, { report, clientName }: PdfInput) {
  const top = doc.y;
  doc.fillColor(C.ink).font("bold").fontSize(18).text(report.projectName, PAGE.margin, top, { width: CONTENT_WIDTH });
  let x = PAGE.margin;
  const pillsY = doc.y + 6;
  x = pill(doc, x, pillsY, capitalise(report.status.replace("-", " ")), STATUS_COLOURS[report.status] ?? C.muted);
  x = pill(doc, x, pillsY, `${capitalise(report.priority)} priority`, PRIORITY_COLOURS[report.priority] ?? C.muted);
  pill(doc, x, pillsY, capitalise(report.category), C.muted);

  const half = (CONTENT_WIDTH - 20) / 2;
  const rows: [string, string, string, string][] = [
    ["Reference", report.title, "Project", report.projectName],
    ["Client", clientName || "—", "Status", capitalise(report.status.replace("-", " "))],
    ["Priority", capitalise(report.priority), "Category", capitalise(report.category)],
    ["Assigned to", report.assignedToName ?? "Unassigned", "Created by", report.createdByName ?? "—"],
    ["Created", formatDay(report.createdAt), "Due date", report.dueDate === null ? "—" : formatDay(report.dueDate)],
  ];
  const panelTop = pillsY + 30;
  let y = panelTop + 14;
  for (const [l1, v1, l2, v2] of rows) {
    const end1 = field(doc, PAGE.margin + 14, y, half - 14, l1, v1);
    const end2 = field(doc, PAGE.margin + half + 20, y, half - 14, l2, v2);
    y = Math.max(end1, end2) + 10;
  }
  doc
    .fillColor(C.muted)
    .font("bold")
    .fontSize(7.5)
    .text("LOCATION", PAGE.margin + 14, y, { characterSpacing: 0.6 });
  // The report's place in the project's location tree (issue 36), above its GPS point.
  let lineY = y + 12;
  if (report.locationPath) {
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(10.5)
      .text(report.locationPath, PAGE.margin + 14, lineY, { width: CONTENT_WIDTH - 28 });
    lineY = doc.y + 4;
  }
  if (report.locationLat !== null && report.locationLng !== null) {
    const coordinates = `${formatCoordinate(report.locationLat)}, ${formatCoordinate(report.locationLng)}`;
    const url = mapsUrl(report.locationLat, report.locationLng);
    doc
      .fillColor(C.ink)
      .font("regular")
      .fontSize(10.5)
      .text(coordinates, PAGE.margin + 14, lineY, { lineBreak: false });
    const linkX = PAGE.margin + 14 + doc.widthOfString(coordinates) + 12;
    doc.fillColor(C.link).text("View on map", linkX, lineY, { link: url, underline: true });
    doc
      .fillColor(C.muted)
      .fontSize(7.5)
      .text(url, PAGE.margin + 14, doc.y + 1, { link: url });
  } else if (!report.locationPath) {
    doc
      .fillColor(C.ink)
      .font("regular")
      .fontSize(10.5)
      .text("Not recorded", PAGE.margin + 14, lineY);
  }
  const panelBottom = doc.y + 12;
  // The outline is drawn once the fields are placed and its height is known.
  doc.save();
  doc
    .rect(PAGE.margin, panelTop, CONTENT_WIDTH, panelBottom - panelTop)
    .lineWidth(0.75)
    .strokeColor(C.line)
    .stroke();
  doc.restore();
  doc.y = panelBottom + 18;
}

/** "ON THE PLAN": the sheet's name and the crop around the pin, kept on one page. */
function drawPlan(doc: PDFKit.PDFDocument, { plan }: PdfInput) {
  if (!plan) return;
  const imageHeight = 180;
  if (doc.y + imageHeight + 40 > PAGE.height - PAGE.margin - PAGE.footer) doc.addPage();
  const y = doc.y;
  doc.fillColor(C.muted).font("bold").fontSize(7.5).text("ON THE PLAN", PAGE.margin, y, { characterSpacing: 0.6 });
  doc
    .fillColor(C.ink)
    .font("regular")
    .fontSize(10.5)
    .text([plan.sheetName, plan.level].filter(Boolean).join(" · "), PAGE.margin, y + 12, { width: CONTENT_WIDTH });
  const top = doc.y + 6;
  doc.image(plan.image, PAGE.margin, top, { fit: [CONTENT_WIDTH, imageHeight] });
  doc.y = top + imageHeight + 18;
}

function drawPageFurniture(doc: PDFKit.PDFDocument, { report, generatedAt, brand = DEFAULT_BRAND }: PdfInput) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Running header on every page after the first, including pages long text flowed onto.
    if (i > range.start) {
      doc.fillColor(C.muted).font("regular").fontSize(8).text(`${brand.name} · ${report.title}`, PAGE.margin, 28, {
        lineBreak: false,
      });
      doc
        .moveTo(PAGE.margin, 42)
        .lineTo(PAGE.width - PAGE.margin, 42)
        .lineWidth(0.5)
        .strokeColor(C.line)
        .stroke();
    }
    // Writing below the bottom margin would open a new page: lift the margin while drawing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 36;
    doc
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.width - PAGE.margin, y - 8)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(7.5)
      .text(`${report.title} · Generated ${formatDayTime(generatedAt)} by ${PRODUCT_NAME}`, PAGE.margin, y, {
        lineBreak: false,
      });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin, y, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
