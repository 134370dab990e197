// The project snag list (A4, pdfkit), built entry batch by entry batch in a PDF worker: a cover
// (project, client, date, who produced it, counts by status and assignee, overdue), the table of
// contents (pages reserved up front, filled in at the end), then compact entries grouped as asked,
// each with its photo thumbnails (before/after when a fix exists). Thumbnails are JPEG and pdfkit
// writes each one out as it is placed, so only page contents stay buffered (for "Page N of M").
// Its own words are in `head.locale` (issue 35): the downloader's language or the one asked for.
import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import PDFDocument from "pdfkit";
import { formatDayIn, formatDayTimeIn } from "../format";
import { PRIORITY_LABEL_IDS, STATUS_LABEL_IDS } from "../i18n/labels";
import { type Translator, translatorFor } from "../i18n/translate";
import { fitOneLine, type PdfBrand } from "../pdf/pdf-brand";
import { type ChartSummary, drawChartSummary } from "../pdf/pdf-charts";
import { pdfFonts } from "../pdf/pdf-fonts";
import { breakable, C, CONTENT_WIDTH, PAGE, PRIORITY_COLOURS, STATUS_COLOURS } from "../pdf/pdf-style";

export type SnagListHead = {
  projectName: string;
  clientName: string;
  projectLocation: string;
  producedBy: string;
  generatedAt: number;
  groupByLabel: string;
  filterSummary: string;
  total: number;
  byStatus: { label: string; n: number }[];
  byAssignee: { label: string; n: number }[];
  overdue: number;
  groups: { label: string; count: number }[];
  brand: PdfBrand;
  /** The language of the document's own words; English when absent. */
  locale?: Locale;
  /**
   * The weekly report (issue 37): its cover's kicker and title, and a page of charts after the
   * cover. Absent for a plain snag list.
   */
  weekly?: { kicker: string; title: string; summary: ChartSummary };
};

export type SnagListPhoto = { label: string | null; bytes: Uint8Array | null };

export type SnagListEntry = {
  group: number;
  title: string;
  status: string;
  priority: string;
  /** The trade's name (issue 36). */
  category: string;
  dueDate: number | null;
  isOverdue: boolean;
  assigneeName: string;
  location: string;
  description: string;
  photos: SnagListPhoto[];
};

const TOP = 62;
const BOTTOM = PAGE.height - PAGE.margin - 20;
const THUMB = 64;
const THUMB_GAP = 6;
const MAX_THUMBS = 3;
const TEXT_WIDTH = CONTENT_WIDTH - MAX_THUMBS * (THUMB + THUMB_GAP) - 6;
const ENTRY_HEIGHT = THUMB + 26;
const TOC_ROWS = 36;

export class SnagListDocument {
  readonly doc: PDFKit.PDFDocument;
  private readonly tocFirstPage: number;
  private readonly groupPages: number[] = [];
  private group = -1;
  private entries = 0;
  private readonly locale: Locale;
  private readonly t: Translator;

  constructor(private readonly head: SnagListHead) {
    this.locale = head.locale ?? DEFAULT_LOCALE;
    this.t = translatorFor(this.locale);
    const fonts = pdfFonts();
    this.doc = new PDFDocument({
      size: "A4",
      margins: { top: TOP, bottom: PAGE.height - BOTTOM, left: PAGE.margin, right: PAGE.margin },
      bufferPages: true,
      info: {
        Title: head.weekly?.title ?? this.t("pdf.snagList.docTitle", { project: head.projectName }),
        Author: head.producedBy,
        Creator: head.brand.name,
        CreationDate: new Date(head.generatedAt * 1000),
      },
    });
    this.doc.registerFont("regular", fonts.regular);
    this.doc.registerFont("bold", fonts.bold);
    this.drawCover();
    if (head.weekly) {
      this.doc.addPage();
      drawChartSummary(this.doc, TOP, head.weekly.summary);
    }
    this.tocFirstPage = this.doc.bufferedPageRange().count;
    for (let i = 0; i < Math.ceil(head.groups.length / TOC_ROWS); i += 1) this.doc.addPage();
    this.doc.addPage();
    this.doc.y = TOP;
  }

  add(entries: readonly SnagListEntry[]): void {
    for (const entry of entries) {
      if (entry.group !== this.group) this.startGroup(entry.group);
      this.drawEntry(entry);
      this.entries += 1;
    }
  }

  /** Fills the table of contents and the page furniture, then ends the document. */
  finish(): void {
    if (this.entries === 0) {
      this.doc.fillColor(C.muted).font("regular").fontSize(11).text(this.t("pdf.snagList.empty"), PAGE.margin);
    }
    this.drawContents();
    this.drawFurniture();
    this.doc.end();
  }

  private get page(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  private ensure(height: number) {
    if (this.doc.y + height > BOTTOM) {
      this.doc.addPage();
      this.doc.y = TOP;
    }
  }

  private drawCover() {
    const { doc, head, t, locale } = this;
    this.drawBand(118, 22);
    doc.y = 150;
    doc
      .fillColor(C.muted)
      .font("bold")
      .fontSize(9)
      .text((head.weekly?.kicker ?? t("pdf.snagList.kicker")).toLocaleUpperCase(locale), PAGE.margin, doc.y, {
        characterSpacing: 1,
      });
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(22)
      .text(breakable(head.projectName), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
    doc.moveDown(0.5);
    const facts: [string, string][] = [
      [t("pdf.field.client"), head.clientName || "—"],
      [t("pdf.snagList.site"), head.projectLocation || "—"],
      [t("pdf.snagList.date"), formatDayTimeIn(locale, head.generatedAt)],
      [t("pdf.snagList.producedBy"), head.producedBy],
      [t("pdf.snagList.groupedBy"), head.groupByLabel],
      [t("pdf.snagList.filters"), head.filterSummary],
    ];
    for (const [label, value] of facts) {
      const y = doc.y;
      doc
        .fillColor(C.muted)
        .font("bold")
        .fontSize(8)
        .text(label.toLocaleUpperCase(locale), PAGE.margin, y + 1.5, { width: 90 });
      doc
        .fillColor(C.ink)
        .font("regular")
        .fontSize(10.5)
        .text(breakable(value), PAGE.margin + 95, y, { width: CONTENT_WIDTH - 95 });
      doc.y = Math.max(doc.y, y + 12) + 4;
    }
    doc.moveDown(1);
    const tablesTop = doc.y;
    const half = (CONTENT_WIDTH - 24) / 2;
    const statusRows = [
      ...head.byStatus.map((r) => [r.label, String(r.n)] as [string, string]),
      [t("pdf.snagList.overdue"), String(head.overdue)] as [string, string],
      [t("pdf.snagList.total"), String(head.total)] as [string, string],
    ];
    const leftEnd = this.drawTable(PAGE.margin, tablesTop, half, t("pdf.snagList.byStatus"), statusRows);
    const shown = head.byAssignee.slice(0, 20);
    const rest = head.byAssignee.slice(20).reduce((sum, r) => sum + r.n, 0);
    const assigneeRows = shown.map((r) => [breakable(r.label), String(r.n)] as [string, string]);
    if (rest > 0) assigneeRows.push([t("pdf.snagList.more", { count: head.byAssignee.length - 20 }), String(rest)]);
    const rightEnd = this.drawTable(
      PAGE.margin + half + 24,
      tablesTop,
      half,
      t("pdf.snagList.byAssignee"),
      assigneeRows,
    );
    doc.y = Math.max(leftEnd, rightEnd);
  }

  /** The coloured band at the top of a page with the company's name (and logo). */
  private drawBand(height: number, nameSize: number) {
    const { doc, head } = this;
    doc.rect(0, 0, PAGE.width, height).fill(C.band);
    doc.rect(0, height, PAGE.width, 4).fill(head.brand.accent);
    let x = PAGE.margin;
    if (head.brand.logo) {
      const box = { width: 150, height: Math.min(60, height - 40) };
      try {
        doc.image(Buffer.from(head.brand.logo), x, (height - box.height) / 2, {
          fit: [box.width, box.height],
          valign: "center",
        });
        x += box.width + 16;
      } catch {
        // An unreadable logo leaves the name alone in the header.
      }
    }
    // The company's name on one line (shrunk to fit, then cut), the date under it.
    doc.fillColor("#ffffff").font("bold");
    const name = fitOneLine(doc, head.brand.name, PAGE.width - PAGE.margin - x, nameSize, 11);
    const top = height / 2 - nameSize / 2 - 6;
    doc.text(name, x, top, { lineBreak: false });
    doc
      .fillColor("#cbd5e1")
      .font("regular")
      .fontSize(8.5)
      .text(this.t("pdf.generated", { date: formatDayTimeIn(this.locale, head.generatedAt) }), x, top + nameSize + 8, {
        lineBreak: false,
      });
  }

  private drawTable(x: number, top: number, width: number, title: string, rows: [string, string][]): number {
    const { doc } = this;
    doc.fillColor(C.ink).font("bold").fontSize(11).text(title, x, top, { width });
    let y = doc.y + 4;
    for (const [label, value] of rows) {
      doc.fillColor(C.ink).font("regular").fontSize(9.5);
      const h = Math.max(14, doc.heightOfString(label, { width: width - 50 }) + 4);
      if (y + h > BOTTOM) break;
      doc.text(label, x, y + 2, { width: width - 50 });
      doc.font("bold").text(value, x + width - 46, y + 2, { width: 42, align: "right", lineBreak: false });
      doc
        .moveTo(x, y + h)
        .lineTo(x + width, y + h)
        .lineWidth(0.5)
        .strokeColor(C.line)
        .stroke();
      y += h;
    }
    return y + 10;
  }

  private startGroup(index: number) {
    const { doc, head } = this;
    this.group = index;
    const group = head.groups[index] ?? { label: "—", count: 0 };
    this.ensure(28 + ENTRY_HEIGHT);
    this.groupPages[index] = this.page;
    doc.outline.addItem(group.label);
    doc.addNamedDestination(`group-${index}`);
    const y = doc.y;
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, 22).fill(C.panel);
    doc.rect(PAGE.margin, y, 3, 22).fill(head.brand.accent);
    doc.fillColor(C.ink).font("bold");
    const heading = fitOneLine(doc, `${group.label} (${group.count})`, CONTENT_WIDTH - 20, 11, 11);
    doc.text(heading, PAGE.margin + 10, y + 5.5, { lineBreak: false });
    doc.y = y + 30;
  }

  private pill(x: number, y: number, label: string, colour: string): number {
    const { doc } = this;
    doc.font("bold").fontSize(7);
    const width = doc.widthOfString(label) + 10;
    doc.roundedRect(x, y, width, 12, 6).fill(colour);
    doc.fillColor("#ffffff").text(label, x + 5, y + 2.5, { lineBreak: false });
    return x + width + 4;
  }

  private drawEntry(entry: SnagListEntry) {
    const { doc, t, locale } = this;
    this.ensure(ENTRY_HEIGHT);
    const top = doc.y;
    const x = PAGE.margin;
    doc.fillColor(C.ink).font("bold").fontSize(10.5).text(entry.title, x, top, { width: TEXT_WIDTH, lineBreak: false });
    let px = x + Math.min(doc.widthOfString(entry.title) + 8, TEXT_WIDTH - 100);
    const status = STATUS_LABEL_IDS[entry.status as ReportStatus];
    const priority = PRIORITY_LABEL_IDS[entry.priority as Priority];
    px = this.pill(px, top, status ? t(status) : entry.status, STATUS_COLOURS[entry.status] ?? C.muted);
    this.pill(px, top, priority ? t(priority) : entry.priority, PRIORITY_COLOURS[entry.priority] ?? C.muted);
    const due =
      entry.dueDate === null
        ? t("pdf.snagList.noDueDate")
        : t(entry.isOverdue ? "pdf.snagList.dueOverdue" : "pdf.snagList.due", {
            date: formatDayIn(locale, entry.dueDate),
          });
    doc
      .fillColor(entry.isOverdue ? (PRIORITY_COLOURS.critical ?? C.ink) : C.muted)
      .font("regular")
      .fontSize(8)
      .text(fitOneLine(doc, `${due} · ${entry.assigneeName} · ${entry.category}`, TEXT_WIDTH, 8, 8), x, top + 16, {
        lineBreak: false,
      });
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(8.5)
      .text(breakable(entry.location), x, top + 28, { width: TEXT_WIDTH, height: 11, ellipsis: true });
    doc
      .fillColor(C.ink)
      .font("regular")
      .fontSize(8.5)
      .text(breakable(entry.description), x, top + 40, { width: TEXT_WIDTH, height: 32, ellipsis: true });
    this.drawThumbs(entry.photos, top);
    const bottom = top + ENTRY_HEIGHT - 8;
    doc
      .moveTo(PAGE.margin, bottom)
      .lineTo(PAGE.width - PAGE.margin, bottom)
      .lineWidth(0.5)
      .strokeColor(C.line)
      .stroke();
    doc.y = bottom + 8;
  }

  private drawThumbs(photos: readonly SnagListPhoto[], top: number) {
    const { doc } = this;
    const shown = photos.slice(0, MAX_THUMBS);
    let x = PAGE.width - PAGE.margin - shown.length * (THUMB + THUMB_GAP) + THUMB_GAP;
    for (const photo of shown) {
      const y = top + (photo.label ? 10 : 0);
      if (photo.label) {
        doc.fillColor(C.muted).font("bold").fontSize(6.5).text(photo.label.toLocaleUpperCase(this.locale), x, top, {
          width: THUMB,
          align: "center",
          lineBreak: false,
        });
      }
      doc.rect(x, y, THUMB, THUMB).fill(C.panel);
      let drawn = false;
      if (photo.bytes) {
        try {
          doc.image(Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength), x, y, {
            fit: [THUMB, THUMB],
            align: "center",
            valign: "center",
          });
          drawn = true;
        } catch {
          // An unreadable file: the box says so below.
        }
      }
      if (!drawn) {
        doc
          .fillColor(C.muted)
          .font("regular")
          .fontSize(6.5)
          .text(this.t("pdf.snagList.noImage"), x, y + THUMB / 2 - 4, {
            width: THUMB,
            align: "center",
            lineBreak: false,
          });
      }
      x += THUMB + THUMB_GAP;
    }
  }

  private drawContents() {
    const { doc, head } = this;
    head.groups.forEach((group, i) => {
      const pageIndex = this.tocFirstPage + Math.floor(i / TOC_ROWS);
      const row = i % TOC_ROWS;
      doc.switchToPage(pageIndex);
      if (row === 0) {
        doc
          .fillColor(C.ink)
          .font("bold")
          .fontSize(15)
          .text(this.t("pdf.snagList.contents"), PAGE.margin, TOP, { lineBreak: false });
      }
      const y = TOP + 30 + row * 18;
      const target = this.groupPages[i];
      const pageText = target === undefined ? "—" : String(target + 1);
      doc.fillColor(C.ink).font("regular");
      doc.text(fitOneLine(doc, `${group.label} (${group.count})`, CONTENT_WIDTH - 50, 10, 10), PAGE.margin, y, {
        lineBreak: false,
        ...(target === undefined ? {} : { goTo: `group-${i}` }),
      });
      doc.text(pageText, PAGE.margin, y, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
      doc
        .moveTo(PAGE.margin, y + 14)
        .lineTo(PAGE.width - PAGE.margin, y + 14)
        .lineWidth(0.4)
        .strokeColor(C.line)
        .stroke();
    });
  }

  private drawFurniture() {
    const { doc, head, t, locale } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (i > range.start) {
        doc.rect(0, 0, PAGE.width, 3).fill(head.brand.accent);
        doc.fillColor(C.muted).font("bold");
        doc.text(fitOneLine(doc, head.brand.name, CONTENT_WIDTH / 2 - 10, 8, 8), PAGE.margin, 26, { lineBreak: false });
        doc.font("regular");
        const title = fitOneLine(
          doc,
          head.weekly?.title ?? t("pdf.snagList.running", { project: head.projectName }),
          CONTENT_WIDTH / 2 - 10,
          8,
          8,
        );
        doc.text(title, PAGE.width - PAGE.margin - doc.widthOfString(title), 26, { lineBreak: false });
        doc
          .moveTo(PAGE.margin, 40)
          .lineTo(PAGE.width - PAGE.margin, 40)
          .lineWidth(0.5)
          .strokeColor(C.line)
          .stroke();
      }
      const y = PAGE.height - 36;
      doc.fillColor(C.muted).font("regular");
      const generated = t("pdf.generatedBy", {
        date: formatDayTimeIn(locale, head.generatedAt),
        name: head.brand.name,
      });
      doc.text(fitOneLine(doc, generated, CONTENT_WIDTH - 80, 7.5, 7.5), PAGE.margin, y, { lineBreak: false });
      doc.fontSize(7.5);
      doc.text(t("pdf.page", { page: i + 1, count: range.count }), PAGE.margin, y, {
        width: CONTENT_WIDTH,
        align: "right",
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
  }
}
