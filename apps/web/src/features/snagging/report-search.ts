import type { Report } from "@sitesnag/shared/snagging";

/** Whether a report's title or description holds every word of the search, ignoring case and accents. */
export function matchesSearch(report: Pick<Report, "title" | "description">, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${fold(report.title)}\n${fold(report.description)}`;
  return words.every((word) => haystack.includes(word));
}

const fold = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
