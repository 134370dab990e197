import type { Message } from "../i18n/i18n";
import { msg, useT } from "../i18n/use-t";
import { Button } from "./button";

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** What a list counts, each its own plural sentence ("Showing 1 report", "Pokazano 5 zgłoszeń"). */
const SHOWING = {
  users: msg("sync.showing.users"),
  entries: msg("sync.showing.entries"),
  reports: msg("sync.showing.reports"),
  projects: msg("sync.showing.projects"),
  notifications: msg("sync.showing.notifications"),
  comments: msg("sync.showing.comments"),
} satisfies Record<string, Message>;

/**
 * 'Load more' under a paged list: a plain button (Tab and Enter reach it). It stays enabled while
 * the next page loads, so keyboard focus is not lost, and ignores presses until it has arrived;
 * the count of shown rows is announced politely.
 */
export function LoadMore({ query, shown, noun }: { query: PagedQuery; shown: number; noun: keyof typeof SHOWING }) {
  const t = useT();
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
        {query.isFetchingNextPage ? t("sync.loadingMore") : t("sync.loadMore")}
      </Button>
      <p aria-live="polite" className="text-xs text-slate-500">
        {t(SHOWING[noun], { count: shown })}
      </p>
    </div>
  );
}

// For a screen that loads it lazily (the report list): React's lazy() takes a default export.
export default LoadMore;
