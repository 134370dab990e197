import { foldForSearch, reportSearchText } from "@sitesnag/shared/search";
import type { Report } from "@sitesnag/shared/snagging";

/**
 * Whether a report's title or description holds every word of the search, ignoring case and
 * accents: the same folding as the server's search (shared/search.ts).
 */
export function matchesSearch(report: Pick<Report, "title" | "description">, search: string): boolean {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = reportSearchText(report.title, report.description);
  return words.every((word) => haystack.includes(word));
}
