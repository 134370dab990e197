import { Button } from "./button";

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * 'Load more' under a paged list: a plain button (Tab and Enter reach it). It stays enabled while
 * the next page loads, so keyboard focus is not lost, and ignores presses until it has arrived;
 * the count of shown rows is announced politely.
 */
export function LoadMore({ query, shown, noun }: { query: PagedQuery; shown: number; noun: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <Button
        variant="secondary"
        aria-busy={query.isFetchingNextPage || undefined}
        onClick={() => {
          if (!query.isFetchingNextPage) void query.fetchNextPage();
        }}
      >
        {query.isFetchingNextPage ? "Loading more…" : "Load more"}
      </Button>
      <p aria-live="polite" className="text-xs text-slate-500">
        Showing {shown} {noun}
      </p>
    </div>
  );
}

// For a screen that loads it lazily (the report list): React's lazy() takes a default export.
export default LoadMore;
