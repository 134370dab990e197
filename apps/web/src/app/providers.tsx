import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link, RouterProvider } from "react-router";
import { type AppLinkProps, LinkRendererContext } from "../components/app-link";
import { ToastHost } from "../components/toast-host";
import { LazyInstallPrompt } from "../features/pwa/lazy-install-prompt";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { usePwaLifecycle } from "../features/pwa/use-pwa-lifecycle";
import { queryClient } from "./query-client";
import { router } from "./router";

// Loaded the first time the app is offline (the banner renders it only then).
const StaleDataNote = lazy(() => import("../features/pwa/stale-data-note"));

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
      <LazyInstallPrompt />
      <OfflineBanner
        detail={
          <Suspense fallback={null}>
            <StaleDataNote client={queryClient} />
          </Suspense>
        }
      />
    </QueryClientProvider>
  );
}
