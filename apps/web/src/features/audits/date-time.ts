// A date and time in the reader's language: SPEC's 'MMM d, yyyy h:mm a' in English (lib/format.ts),
// Intl's medium date and short time in any other ("27 lis 2026, 14:02" in Polish).
import { formatDateTime } from "../../lib/format";

export function formatDateTimeFor(locale: string, seconds: number): string {
  if (locale === "en-GB" || locale === "en-XA") return formatDateTime(seconds);
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}
