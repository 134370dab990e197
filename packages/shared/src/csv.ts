// CSV cells (RFC 4180) with spreadsheet formula injection neutralised (DESIGN §5): a cell that a
// spreadsheet would run as a formula gets a leading apostrophe, which shows it as text.

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : neutraliseCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvRow = (cells: (string | number | null)[]): string => `${cells.map(csvCell).join(",")}\r\n`;
