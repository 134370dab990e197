import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense } from "react";
import { Link, RouterProvider } from "react-router";
import { type AppLinkProps, LinkRendererContext } from "../components/app-link";
import { ToastHost } from "../components/toast-host";
import { LazyInstallPrompt } from "../features/pwa/lazy-install-prompt";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { usePwaLifecycle } from "../features/pwa/use-pwa-lifecycle";
import { lazyOrNothing } from "../lib/lazy-or-nothing";
import { queryClient } from "./query-client";
import { appRouter } from "./router";

// Loaded the first time the app is offline (the banner renders it only then); if that fails (no
// service worker in charge yet), the banner shows without it instead of the app going blank.
const StaleDataNote = lazyOrNothing(() => import("../features/pwa/stale-data-note"));

/** Inside the app, AppLink (used by pages that are also pre-rendered) navigates with the router. */
function RouterLink({ to, ...rest }: AppLinkProps) {
  return <Link to={to} {...rest} />;
}

export function Providers() {
  usePwaLifecycle();
  return (
    <QueryClientProvider client={queryClient}>
      <LinkRendererContext value={RouterLink}>
        <RouterProvider router={appRouter()} />
      </LinkRendererContext>
      {/* The toasts, their region named in the reader's language with its shortcut (Alt+T). */}
      <ToastHost />
      {/* Loaded when the browser offers installation (as on public pages), so no /app first load
          carries it; the service worker has precached it by the time most browsers offer. */}
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
