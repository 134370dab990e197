// An .xlsx workbook written as a stream (ECMA-376 SpreadsheetML, the parts Excel, LibreOffice and
// Google Sheets need): sheets of typed cells — text as inline strings (never a formula, whatever it
// holds), numbers, dates as serial numbers with a date format, a link as a HYPERLINK formula with
// its text cached — a frozen header row and fixed column widths. Rows are pulled from each sheet's
// iterable as the archive is read, so a sheet of 100,000 rows is never in memory (decision 0064).
import { type ZipEntry, zipStream } from "./zip-stream";

export type Cell =
  | string
  | number
  | null
  | { date: number } // epoch seconds, shown as a day
  | { dateTime: number } // epoch seconds, shown as day and time (UTC)
  | { link: string; text: string };

export type Sheet = {
  /** At most 31 characters, none of : \ / ? * [ ] (Excel's rule); cut and cleaned here. */
  name: string;
  /** Column widths in characters. */
  widths: readonly number[];
  /** The first row: bold and frozen. */
  header: readonly string[];
  /** Rows in batches (one database batch each). */
  rows: AsyncIterable<readonly Cell[][]> | Iterable<readonly Cell[][]>;
};

const STYLE = { plain: 0, header: 1, dateTime: 2, date: 3, link: 4 } as const;

// XML 1.0 allows tab, newline, carriage return and the characters from U+0020 except lone
// surrogates and U+FFFE/U+FFFF: anything else in a description would make the file unreadable. A
// lone surrogate becomes U+FFFD (toWellFormed, native); the control characters are dropped. Text
// without any of these or of & < > " (nearly all of it) is returned as it is: this runs for every
// cell of 100,000 rows, and a regular expression with look-arounds cost 5 µs a call.
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that need work, tested at once
const NEEDS_WORK = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
// String.prototype.toWellFormed (ES2024, Node ≥ 20): not in the server's TypeScript lib yet.
const wellFormed = (s: string): string => (s as string & { toWellFormed(): string }).toWellFormed();
export const xmlText = (s: string): string =>
  NEEDS_WORK.test(s)
    ? wellFormed(s)
        .replace(NOT_XML, "")
        .replace(/[&<>"]/g, (c: string) => ESCAPES[c] as string)
    : s;

/** Excel's serial day number (days since 1899-12-30, the day's fraction as time) of epoch seconds. */
export const excelSerial = (seconds: number): number => seconds / 86_400 + 25_569;

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

const MAX_TEXT = 32_767; // Excel's limit for one cell

function cellXml(ref: string, cell: Cell, style: number = STYLE.plain): string {
  if (cell === null || cell === "") return "";
  const s = style === STYLE.plain ? "" : ` s="${style}"`;
  if (typeof cell === "string") {
    return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.slice(0, MAX_TEXT))}</t></is></c>`;
  }
  if (typeof cell === "number") return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : "";
  if ("date" in cell) return `<c r="${ref}" s="${STYLE.date}"><v>${excelSerial(cell.date)}</v></c>`;
  if ("dateTime" in cell) return `<c r="${ref}" s="${STYLE.dateTime}"><v>${excelSerial(cell.dateTime)}</v></c>`;
  // In a formula a double quote is written twice; the text is cached so readers without a
  // calculation engine (and the file's first view) show it.
  const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const formula = `HYPERLINK(${quoted(cell.link)},${quoted(cell.text)})`;
  return `<c r="${ref}" s="${STYLE.link}" t="str"><f>${xmlText(formula)}</f><v>${xmlText(cell.text)}</v></c>`;
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const NS_R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const PART_CHARS = 16_384;

/** The next batch's rows as XML parts of about PART_CHARS characters, or null after the last batch. */
async function nextParts(
  rows: AsyncIterator<readonly Cell[][]> | Iterator<readonly Cell[][]>,
  columns: readonly string[],
  after: number,
): Promise<{ xml: string[]; lastRow: number } | null> {
  const next = await rows.next();
  if (next.done) return null;
  const xml: string[] = [];
  let r = after;
  let out = "";
  for (const row of next.value) {
    r += 1;
    let cells = "";
    for (let i = 0; i < row.length; i += 1) cells += cellXml(`${columns[i] ?? columnName(i)}${r}`, row[i] ?? null);
    out += `<row r="${r}">${cells}</row>`;
    if (out.length >= PART_CHARS) {
      xml.push(out);
      out = "";
    }
  }
  if (out !== "") xml.push(out);
  return { xml, lastRow: r };
}

async function* sheetXml(sheet: Sheet): AsyncGenerator<string> {
  const columns = sheet.header.map((_, i) => columnName(i));
  const cols = sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  yield `${HEAD}<worksheet ${NS} ${NS_R}><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
  yield `<row r="1">${sheet.header.map((h, i) => cellXml(`${columns[i]}1`, h, STYLE.header)).join("")}</row>`;
  // Each batch is turned into its XML parts at once, before anything is awaited, and no binding
  // of this generator holds the batch while the parts are handed on: the batch's objects (database
  // rows, cells) die young instead of outliving the deflater's waits and piling up in the old
  // generation until a full collection (decision 0081). Parts of about 16 KB, not a batch's 300 KB.
  const rows =
    Symbol.asyncIterator in sheet.rows
      ? (sheet.rows as AsyncIterable<readonly Cell[][]>)[Symbol.asyncIterator]()
      : (sheet.rows as Iterable<readonly Cell[][]>)[Symbol.iterator]();
  let r = 1;
  try {
    for (;;) {
      const parts = await nextParts(rows, columns, r);
      if (parts === null) break;
      r = parts.lastRow;
      for (const part of parts.xml) yield part;
    }
  } finally {
    // The reader left early: the batches' generator stops too, as a for-await would stop it.
    await rows.return?.();
  }
  yield "</sheetData></worksheet>";
}

const sheetName = (name: string, index: number) =>
  name
    .replace(/[:\\/?*[\]]/g, " ")
    .trim()
    .slice(0, 31) || `Sheet${index + 1}`;

function workbookParts(sheets: readonly Sheet[]): ZipEntry[] {
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join("");
  const contentTypes = `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`;
  const rootRels = `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const workbook = `${HEAD}<workbook ${NS} ${NS_R}><bookViews><workbookView/></bookViews><sheets>${sheets
    .map((s, i) => `<sheet name="${xmlText(sheetName(s.name, i))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join("")}</sheets></workbook>`;
  const workbookRels = `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
    .map(
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    )
    .join(
      "",
    )}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
  // cellXfs in the order of STYLE: plain, header (bold), date and time, date, link (blue, underlined).
  const styles = `${HEAD}<styleSheet ${NS}><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;
  return [
    { name: "[Content_Types].xml", content: [contentTypes] },
    { name: "_rels/.rels", content: [rootRels] },
    { name: "xl/workbook.xml", content: [workbook] },
    { name: "xl/_rels/workbook.xml.rels", content: [workbookRels] },
    { name: "xl/styles.xml", content: [styles] },
  ];
}

/** The workbook's bytes, its sheets' rows read only as the archive is read. */
export function workbookStream(sheets: readonly Sheet[]): AsyncGenerator<Buffer> {
  return zipStream([
    ...workbookParts(sheets),
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetXml(sheet) })),
  ]);
}
