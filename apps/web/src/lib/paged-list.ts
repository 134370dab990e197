// Lists read page by page through the API's cursors (decision 0018): each page is `limit` rows and
// the answer's `nextCursor`, kept by TanStack Query as one infinite query. The first page alone
// answers small workspaces whole; a list that has a next page is "paged", and its screen then asks
// the server to search and filter instead of filtering what happens to be loaded.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "./api-client";

export const LIST_PAGE_SIZE = 50;

export type ListPage<T> = { items: T[]; nextCursor: string | null };

type PagedListOptions = {
  queryKey: readonly unknown[];
  /** API path, e.g. "/snagging". */
  path: string;
  /** The answer's field holding the rows ("reports", "projects", "users"). */
  field: string;
  /** Query parameters; empty and undefined ones are left out. */
  params?: Record<string, string | undefined>;
  limit?: number;
};

export const pagedListQuery = <T>({ queryKey, path, field, params = {}, limit = LIST_PAGE_SIZE }: PagedListOptions) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam }): Promise<ListPage<T>> => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
      search.set("limit", String(limit));
      if (pageParam) search.set("cursor", pageParam);
      const body = await api<Record<string, unknown>>(`${path}?${search}`);
      return { items: (body[field] ?? []) as T[], nextCursor: (body.nextCursor ?? null) as string | null };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The rows loaded so far, whether more exist (`isPaged`), and the query for Load more. */
export function usePagedList<T>(options: PagedListOptions & { enabled?: boolean; keepPrevious?: boolean }) {
  const query = useInfiniteQuery({
    ...pagedListQuery<T>(options),
    enabled: options.enabled ?? true,
    // A new search keeps showing the previous answer until its own arrives (no flash of "Loading").
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const isPaged = (query.data?.pages.length ?? 0) > 1 || query.hasNextPage;
  return { query, items, isPaged };
}
