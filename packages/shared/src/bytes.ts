const ENGLISH_UNITS = ["bytes", "KB", "MB", "GB", "TB"];
const INTL_UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/**
 * `value` of the unit at `unit` (0 bytes … 4 terabytes) for people: English as written (`english`,
 * e.g. "3.4 MB"), any other language through Intl's unit style ("3,4 MB" in Polish, issue 35), with
 * `digits` decimals.
 */
export function bytesText(
  locale: string | undefined,
  value: number,
  unit: number,
  digits: number,
  english: (shown: string) => string,
): string {
  if (!locale || locale === "en-GB" || locale === "en-XA") return english(value.toFixed(digits));
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: INTL_UNITS[unit] ?? "byte",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * "1.5 MB", "12 MB", "10 GB" (binary units, as storage is measured): the figure people read; in
 * `locale` when given (the server's own sentences keep English: they are matched back to the catalogue).
 */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < ENGLISH_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const shown = digits === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return bytesText(locale, shown, unit, shown % 1 === 0 ? 0 : digits, (n) => `${n} ${ENGLISH_UNITS[unit]}`);
}
