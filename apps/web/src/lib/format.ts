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
export const capitalise = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
export const initials = (first: string, last: string): string =>
  `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || "?";
