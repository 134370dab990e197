// One search box for everything (issue 39): GET /api/search?q=&limit= answers the reports,
// projects, audits, sheets, contacts and members of the caller's workspace that match every word,
// best first. The words are cut the way both databases' indexes cut text (search.ts folds them),
// so the browser's offline search of its cache and the server agree on what a word is.
import { z } from "zod";
import { SEARCH_KINDS } from "./search-words";
import { plainString } from "./text";

export {
  MAX_SEARCH_TOKENS,
  matchesSearchTokens,
  SEARCH_KINDS,
  type SearchKind,
  searchTokens,
} from "./search-words";

export const MAX_SEARCH_QUERY = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

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
