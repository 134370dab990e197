// Route loaders that start a screen's data requests as soon as its route is chosen, in parallel
// with the route's lazy chunk, instead of after the chunk has loaded and rendered. The loader does
// not wait for the data: the screen (the shell plus its skeleton) renders as soon as its chunk is
// in, and its useQuery picks up the request already in flight (same query key). It runs on
// navigation and on the first load. Signed-out visitors start nothing (ProtectedRoute redirects).
// Use: { path: "projects", loader: prefetch(() => [projectsQuery()]), lazy: screen(...) }
import type { LoaderFunctionArgs } from "react-router";
import { useAuthStore } from "../stores/auth-store";
import { isQueryCacheRestored, restoreQueryCache } from "./persisted-query-cache";
import { queryClient } from "./query-client";

/** What a feature's *-queries.ts exports: the same options its useQuery hook uses. */
export type PrefetchableQuery =
  | { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }
  // A paged list's infinite query (lib/paged-list.ts).
  | { queryKey: readonly unknown[]; initialPageParam: unknown; queryFn?: unknown };

/**
 * `warm` starts anything else the screen reads first that is not a query, e.g. the audit store's
 * chunk (the audits screens read this device's storage, not the API).
 */
export const prefetch =
  (queries: (args: LoaderFunctionArgs) => readonly PrefetchableQuery[], warm?: () => Promise<unknown>) =>
  (args: LoaderFunctionArgs): null => {
    const { isAuthenticated, user } = useAuthStore.getState();
    if (isAuthenticated && user) {
      // Online at once; offline after the persisted reads are back, so a screen shows them rather
      // than a paused request. prefetchQuery skips data that is still fresh and never throws.
      const wanted = queries(args);
      const start = () => {
        for (const query of wanted) {
          // A paged list (decision 0018) is an infinite query: its first page is prefetched.
          if ("initialPageParam" in query) void queryClient.prefetchInfiniteQuery(query as never);
          else
            void queryClient.prefetchQuery(query as { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> });
        }
      };
      if (navigator.onLine || isQueryCacheRestored(user.id)) start();
      else void restoreQueryCache(queryClient, user.id).then(start);
      void warm?.().catch(() => undefined);
    }
    return null;
  };
