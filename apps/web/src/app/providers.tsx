import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, RouterProvider } from "react-router";
import { type AppLinkProps, LinkRendererContext } from "../components/app-link";
import { ToastHost } from "../components/toast-host";
import { InstallPrompt } from "../features/pwa/install-prompt";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { usePwaLifecycle } from "../features/pwa/use-pwa-lifecycle";
import { useUiStore } from "../stores/ui-store";
import { queryClient } from "./query-client";
import { router } from "./router";

/**
 * Offline: when the oldest data a screen shows was loaded (a query with an observer), so the
 * banner can say it may be out of date. Subscribed to the query cache only while offline.
 */
function useOldestShownRead(client: QueryClient): number | null {
  const isOnline = useUiStore((s) => s.isOnline);
  const [oldest, setOldest] = useState<number | null>(null);
  useEffect(() => {
    if (isOnline) return setOldest(null);
    const cache = client.getQueryCache();
    const measure = () => {
      let min = Number.POSITIVE_INFINITY;
      for (const query of cache.getAll())
        if (query.getObserversCount() > 0 && query.state.dataUpdatedAt > 0)
          min = Math.min(min, query.state.dataUpdatedAt);
      setOldest(Number.isFinite(min) ? min : null);
    };
    measure();
    return cache.subscribe(measure);
  }, [client, isOnline]);
  return oldest;
}

function AppOfflineBanner() {
  return <OfflineBanner shownSince={useOldestShownRead(queryClient)} />;
}

/** Inside the app, AppLink (used by pages that are also pre-rendered) navigates with the router. */
function RouterLink({ to, ...rest }: AppLinkProps) {
  return <Link to={to} {...rest} />;
}

export function Providers() {
  usePwaLifecycle();
  return (
    <QueryClientProvider client={queryClient}>
      <LinkRendererContext value={RouterLink}>
        <RouterProvider router={router} />
      </LinkRendererContext>
      <ToastHost />
      {/* In the app's entry (1 KiB), not loaded when the browser offers installation: the card is
          often the largest thing a phone paints, and a chunk fetched only then delays it. */}
      <InstallPrompt />
      <AppOfflineBanner />
    </QueryClientProvider>
  );
}
