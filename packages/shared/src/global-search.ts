// One search box for everything (issue 39): GET /api/search?q=&limit= answers the reports,
// projects, audits, sheets, contacts and members of the caller's workspace that match every word,
// best first. The words are cut the way both databases' indexes cut text (search.ts folds them),
// so the browser's offline search of its cache and the server agree on what a word is.
import { z } from "zod";
import { foldForSearch } from "./search";
import { plainString } from "./text";

export const SEARCH_KINDS = ["report", "project", "audit", "sheet", "contact", "member"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const MAX_SEARCH_QUERY = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** More words add cost and no precision. */
export const MAX_SEARCH_TOKENS = 8;

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;

/** GET /api/search: `q` of at most 200 characters (empty or only punctuation finds nothing). */
export const SearchQuerySchema = z.object({
  q: plainString({ error: "Search must be text" })
    .max(MAX_SEARCH_QUERY, `Search must be at most ${MAX_SEARCH_QUERY} characters`)
    .default(""),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(SEARCH_LIMIT_MAX, LIMIT_MESSAGE)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.output<typeof SearchQuerySchema>;

export const SearchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** The app's path that opens it, e.g. /app/snagging/{id}. */
  url: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

const words = (text: string): string[] =>
  foldForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The words a search looks for: folded (search.ts), cut at every character that is neither a
 * letter nor a digit — as SQLite's unicode61 tokenizer and the PostgreSQL document (punctuation
 * replaced by spaces) cut the text — at most 8. "Flat 3.04" → ["flat", "3", "04"]; "!!!" → [].
 */
export const searchTokens = (q: string): string[] => words(q).slice(0, MAX_SEARCH_TOKENS);

/** Whether folded text holds every token as the start of one of its words (how the indexes match). */
export function matchesSearchTokens(text: string, tokens: readonly string[]): boolean {
  const found = words(text);
  return tokens.every((token) => found.some((word) => word.startsWith(token)));
}
