import { type ReactNode, StrictMode } from "react";
import { ToastHost } from "../components/toast-host";
import { LazyInstallPrompt } from "../features/pwa/lazy-install-prompt";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { usePwaLifecycle } from "../features/pwa/use-pwa-lifecycle";

/**
 * What surrounds a pre-rendered page, on the server at build and in the browser when it hydrates
 * (the two must render the same tree): the page, toasts (loaded on the first one), the install card and the offline banner.
 */
export function StaticShell({ children }: { children: ReactNode }) {
  usePwaLifecycle();
  return (
    <StrictMode>
      {children}
      <ToastHost />
      <LazyInstallPrompt />
      <OfflineBanner />
    </StrictMode>
  );
}
