// Dates as the product shows them (SPEC §9): 'MMM d, yyyy' and 'MMM d, yyyy h:mm a', in UTC on the
// server (PDF and CSV say so), from epoch seconds.
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC" });

export const formatDay = (seconds: number): string => day.format(new Date(seconds * 1000));
export const formatDayTime = (seconds: number): string =>
  `${formatDay(seconds)} ${time.format(new Date(seconds * 1000)).replace(/\u202f/g, " ")} UTC`;
export const formatCoordinate = (value: number): string => value.toFixed(6);
export const mapsUrl = (lat: number, lng: number): string =>
  `https://www.google.com/maps?q=${formatCoordinate(lat)},${formatCoordinate(lng)}`;

/**
 * A day in the reader's language (issue 35): SPEC's 'MMM d, yyyy' in English, Intl's medium date
 * in any other ("27 lis 2026"), in UTC like the rest.
 */
export function formatDayIn(locale: string, seconds: number): string {
  if (locale === "en-GB") return formatDay(seconds);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(seconds * 1000));
}

/** A day and time in the reader's language, with "UTC" (English keeps 'MMM d, yyyy h:mm a UTC'). */
export function formatDayTimeIn(locale: string, seconds: number): string {
  if (locale === "en-GB") return formatDayTime(seconds);
  const at = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return `${at.format(new Date(seconds * 1000)).replace(/\u202f/g, " ")} UTC`;
}
