// Spreadsheet formula injection (DESIGN §5): a CSV cell a spreadsheet would run as a formula
// gets a leading apostrophe, which shows it as text. Quoting is left to csv-stringify.

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
