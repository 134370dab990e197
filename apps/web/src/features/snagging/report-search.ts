import { matchesSearchWords, reportSearchText } from "@sitesnag/shared/search";
import type { Report } from "@sitesnag/shared/snagging";

/**
 * Whether a report's title or description holds every word of the search, ignoring case and
 * accents: the same folding as the server's search (shared/search.ts).
 */
export const matchesSearch = (report: Pick<Report, "title" | "description">, search: string): boolean =>
  matchesSearchWords(reportSearchText(report.title, report.description), search);
