// Charts drawn as vectors with pdfkit (issue 37): a page of headline figures, opened vs closed per
// week (bars) with the open count (a line), and ageing as stacked bars by priority, each with its
// numbers printed beside it, so the page reads without colour and pdftotext finds every figure.
// Bottom floor of the PDF toolkit: plain data in (every word already in the reader's language),
// nothing from a feature.
import { C, CONTENT_WIDTH, PAGE, PRIORITY_COLOURS, STATUS_COLOURS } from "./pdf-style";

export type ChartSummary = {
  heading: string;
  counts: { label: string; n: number }[];
  weekly: {
    title: string;
    legend: { opened: string; closed: string; open: string };
    rows: { label: string; opened: number; closed: number; open: number }[];
  };
  ageing: {
    title: string;
    /** Priority labels, in the order of each row's values (critical, high, medium, low). */
    series: string[];
    rows: { label: string; values: number[] }[];
  };
};

const OPENED = STATUS_COLOURS.open ?? C.ink;
const CLOSED = STATUS_COLOURS.resolved ?? C.ink;
const SERIES = [PRIORITY_COLOURS.critical, PRIORITY_COLOURS.high, PRIORITY_COLOURS.medium, PRIORITY_COLOURS.low];

/** A round top value for an axis holding `max`. */
const axisTop = (max: number) => {
  if (max <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
};

function legend(doc: PDFKit.PDFDocument, x: number, y: number, items: [string, string][]) {
  let at = x;
  doc.font("regular").fontSize(8);
  for (const [label, colour] of items) {
    doc.rect(at, y + 1, 8, 8).fill(colour);
    doc.fillColor(C.ink).text(label, at + 11, y, { lineBreak: false });
    at += 11 + doc.widthOfString(label) + 14;
  }
}

function tiles(doc: PDFKit.PDFDocument, top: number, counts: ChartSummary["counts"]) {
  const gap = 8;
  const width = (CONTENT_WIDTH - gap * (counts.length - 1)) / counts.length;
  counts.forEach((c, i) => {
    const x = PAGE.margin + i * (width + gap);
    doc.rect(x, top, width, 52).fill(C.panel);
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(20)
      .text(String(c.n), x + 8, top + 8, { width: width - 16 });
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(8)
      .text(c.label, x + 8, top + 34, { width: width - 16 });
  });
  return top + 64;
}

function weeklyChart(doc: PDFKit.PDFDocument, top: number, weekly: ChartSummary["weekly"]) {
  doc.fillColor(C.ink).font("bold").fontSize(12).text(weekly.title, PAGE.margin, top);
  legend(doc, PAGE.margin, doc.y + 4, [
    [weekly.legend.opened, OPENED],
    [weekly.legend.closed, CLOSED],
    [weekly.legend.open, C.ink],
  ]);
  const box = { x: PAGE.margin + 28, y: doc.y + 18, width: CONTENT_WIDTH - 28, height: 130 };
  const rows = weekly.rows;
  const top_ = axisTop(Math.max(1, ...rows.flatMap((r) => [r.opened, r.closed, r.open])));
  const yOf = (n: number) => box.y + box.height - (n / top_) * box.height;
  doc.font("regular").fontSize(7).fillColor(C.muted);
  for (const n of [0, top_ / 2, top_]) {
    doc.text(String(n), PAGE.margin, yOf(n) - 3, { width: 24, align: "right", lineBreak: false });
    doc
      .moveTo(box.x, yOf(n))
      .lineTo(box.x + box.width, yOf(n))
      .lineWidth(0.4)
      .strokeColor(C.line)
      .stroke();
  }
  const slot = box.width / Math.max(1, rows.length);
  const bar = Math.min(12, slot / 3);
  rows.forEach((r, i) => {
    const x = box.x + i * slot + slot / 2 - bar;
    doc.rect(x, yOf(r.opened), bar, box.y + box.height - yOf(r.opened)).fill(OPENED);
    doc.rect(x + bar, yOf(r.closed), bar, box.y + box.height - yOf(r.closed)).fill(CLOSED);
  });
  rows.forEach((r, i) => {
    const x = box.x + i * slot + slot / 2;
    if (i === 0) doc.moveTo(x, yOf(r.open));
    else doc.lineTo(x, yOf(r.open));
  });
  if (rows.length > 0) doc.lineWidth(1.5).strokeColor(C.ink).stroke();
  // The numbers under the chart: one column per week.
  let y = box.y + box.height + 4;
  const line = (label: string, values: (string | number)[], bold = false) => {
    doc
      .fillColor(C.ink)
      .font(bold ? "bold" : "regular")
      .fontSize(6.5);
    doc.text(label, PAGE.margin, y, { width: 26, lineBreak: false });
    values.forEach((v, i) => {
      doc.text(String(v), box.x + i * slot, y, { width: slot, align: "center", lineBreak: false });
    });
    y += 10;
  };
  line(
    "",
    rows.map((r) => r.label),
    true,
  );
  line(
    "+",
    rows.map((r) => r.opened),
  );
  line(
    "−",
    rows.map((r) => r.closed),
  );
  line(
    "=",
    rows.map((r) => r.open),
  );
  return y + 14;
}

function ageingChart(doc: PDFKit.PDFDocument, top: number, ageing: ChartSummary["ageing"]) {
  doc.fillColor(C.ink).font("bold").fontSize(12).text(ageing.title, PAGE.margin, top);
  legend(
    doc,
    PAGE.margin,
    doc.y + 4,
    ageing.series.map((label, i) => [label, SERIES[i] ?? C.muted] as [string, string]),
  );
  let y = doc.y + 18;
  const labelWidth = 60;
  const numbersWidth = 150;
  const width = CONTENT_WIDTH - labelWidth - numbersWidth - 10;
  const max = Math.max(1, ...ageing.rows.map((r) => r.values.reduce((a, b) => a + b, 0)));
  for (const row of ageing.rows) {
    const total = row.values.reduce((a, b) => a + b, 0);
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(8.5)
      .text(row.label, PAGE.margin, y + 3, {
        width: labelWidth,
        lineBreak: false,
      });
    let x = PAGE.margin + labelWidth;
    row.values.forEach((v, i) => {
      const w = (v / max) * width;
      if (w > 0) doc.rect(x, y, w, 14).fill(SERIES[i] ?? C.muted);
      x += w;
    });
    doc
      .fillColor(C.ink)
      .font("regular")
      .fontSize(8)
      .text(`${total} (${row.values.join(" / ")})`, PAGE.margin + labelWidth + width + 10, y + 3, {
        width: numbersWidth,
        lineBreak: false,
      });
    y += 20;
  }
  return y + 6;
}

/** Draws the figures page from the document's current page top; answers the y it ended at. */
export function drawChartSummary(doc: PDFKit.PDFDocument, top: number, summary: ChartSummary): number {
  doc.fillColor(C.ink).font("bold").fontSize(15).text(summary.heading, PAGE.margin, top);
  let y = tiles(doc, doc.y + 8, summary.counts);
  y = weeklyChart(doc, y, summary.weekly);
  return ageingChart(doc, y, summary.ageing);
}
