import { MutationCache, onlineManager, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

// Any successful write may change what any screen shows (a new project changes the dashboard's
// counts), so every query is invalidated after every successful mutation; inactive ones refetch
// only when next shown. Features need no knowledge of each other's query keys. onSettled, not
// onSuccess: it runs after the mutation's own onSuccess, so a hook can first remove a query that
// must not refetch (a deleted project's detail). A mutation that only reads (a file download) sets
// `meta: { invalidates: false }`.
declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { invalidates?: boolean };
  }
}

/** QUERY_CACHE_MAX_AGE of offline/query-cache-policy.ts (a week); a unit test keeps them equal. */
export const GC_TIME = 7 * 24 * 60 * 60 * 1000;

export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSettled: (_data, error, _variables, _context, mutation) => {
      if (error || mutation.meta?.invalidates === false) return undefined;
      const refetched = queryClient.invalidateQueries();
      // Online the mutation settles once the screens have refetched. Offline their refetches pause
      // until the network returns (networkMode offlineFirst): waiting for them would keep a change
      // just queued offline 'saving' forever, its toast and navigation never coming.
      return navigator.onLine ? refetched : undefined;
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Restored reads (app/persisted-query-cache.ts) must outlive an unused screen for as long as
      // they are kept on disk: a query collected from memory would be dropped from disk too.
      gcTime: GC_TIME,
      // Offline, a read is tried once (the service worker may answer from its cache), then paused
      // until the network returns: the screen keeps showing the data it has, never an error.
      networkMode: "offlineFirst",
      // A 4xx will not get better by asking again; network blips may.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// TanStack Query believes it is online until the browser's next online/offline event. Started with
// no network (a reload offline), a read with no copy would then be retried and end in its screen's
// error state ("Failed to load projects") instead of waiting for the network (decision 0031).
if (typeof navigator !== "undefined" && navigator.onLine === false) onlineManager.setOnline(false);
