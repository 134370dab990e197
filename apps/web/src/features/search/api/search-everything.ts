import type { SearchResultShape } from "@sitesnag/shared/search-words";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const searchKeys = { query: (q: string) => ["search", q] as const };

// Not persisted for offline use (query-cache-policy.ts keeps an allowlist of keys without "search"):
// offline, the lists already cached are searched instead (offline-search.ts).

/** GET /api/search: the workspace's best matches for `q` (empty until there is a word to look for). */
export const useSearchEverything = (q: string, enabled: boolean) =>
  useQuery({
    queryKey: searchKeys.query(q),
    queryFn: ({ signal }) =>
      api<{ results: SearchResultShape[] }>(`/search?q=${encodeURIComponent(q)}&limit=30`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
