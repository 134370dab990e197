// CSV exports (DESIGN §5): a cell a spreadsheet would run as a formula gets a leading apostrophe,
// which shows it as text; quoting is csv-stringify's, with CSV_FORMAT below.

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The csv-stringify options of every export: RFC 4180 rows (CRLF), and any cell holding a line
 * break, CR or LF alone included, in quotes. csv-stringify quotes only the record delimiter itself
 * once one is set, and a bare "\n" (photo descriptions join their lines with it) would otherwise
 * end the row for Excel and let the text after it start a new row, formula and all.
 */
export const CSV_FORMAT = { record_delimiter: "\r\n", quote_record_delimiter: true } as const;
