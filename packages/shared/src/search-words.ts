// The search box's words and kinds without zod (issue 39), so the browser's search dialog (a lazy
// chunk) and its offline search of the cache need no schema code; global-search.ts re-exports them.
import { foldForSearch } from "./search";

export const SEARCH_KINDS = ["report", "project", "audit", "sheet", "contact", "member"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One result of GET /api/search (SearchResultSchema in global-search.ts describes the same shape). */
export type SearchResultShape = { kind: SearchKind; id: string; title: string; subtitle: string; url: string };

/** More words add cost and no precision. */
export const MAX_SEARCH_TOKENS = 8;

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

/** Whether text holds every token as the start of one of its words (how the indexes match). */
export function matchesSearchTokens(text: string, tokens: readonly string[]): boolean {
  const found = words(text);
  return tokens.every((token) => found.some((word) => word.startsWith(token)));
}
