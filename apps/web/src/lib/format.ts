// Dates as SPEC §9 shows them, in the device's time zone. Written out rather than with date-fns's
// `format`, which put 5 KiB gzip (its formatter and the en-US locale) into every signed-in
// screen's first load (issue 7); format.test.ts checks both agree.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const day = (d: Date) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;

/** Epoch seconds → 'MMM d, yyyy' (SPEC §9). */
export const formatDate = (seconds: number): string => day(new Date(seconds * 1000));
/** Epoch seconds → 'MMM d, yyyy h:mm a'. */
export const formatDateTime = (seconds: number): string => {
  const d = new Date(seconds * 1000);
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, "0");
  return `${day(d)} ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
};
/** A calendar month 'yyyy-MM' → 'MMM yyyy' (or 'MMM'), read from the text: no time zone can shift it. */
export const formatMonth = (month: string, withYear = true): string => {
  const name = MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
  return withYear ? `${name} ${month.slice(0, 4)}` : name;
};
/**
 * Epoch seconds → a date in `locale`: SPEC's 'MMM d, yyyy' in English, Intl's medium date in any
 * other language (issue 35: "27 lis 2026" in Polish).
 */
export function formatDateFor(locale: string, seconds: number): string {
  if (locale === "en-GB" || locale === "en-XA") return formatDate(seconds);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(seconds * 1000));
}
/** A count in `locale`'s digits and grouping ("1 234" in Polish), without Intl below 1,000. */
export { formatNumber as formatNumberFor } from "../i18n/format";
/** A time relative to now in `locale` ("2 days ago", "2 dni temu"): `seconds` from now, negative in the past. */
export function formatRelativeFor(locale: string, seconds: number): string {
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(Math.round(seconds), "second");
}
export const capitalise = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
export const initials = (first: string, last: string): string =>
  `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || "?";
/**
 * Epoch seconds → a date and time in `locale`: SPEC's 'MMM d, yyyy h:mm a' in English, Intl's
 * medium date and short time in any other language ("27 lis 2026, 14:05" in Polish).
 */
export function formatDateTimeFor(locale: string, seconds: number): string {
  if (locale === "en-GB" || locale === "en-XA") return formatDateTime(seconds);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}
