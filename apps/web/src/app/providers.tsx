import { QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { InstallPrompt } from "../features/pwa/install-prompt";
import { OfflineBanner } from "../features/pwa/offline-banner";
import { usePwaLifecycle } from "../features/pwa/use-pwa-lifecycle";
import { TOAST_OPTIONS } from "../lib/toast";
import { queryClient } from "./query-client";
import { router } from "./router";

export function Providers() {
  usePwaLifecycle();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer {...TOAST_OPTIONS} />
      <InstallPrompt />
      <OfflineBanner />
    </QueryClientProvider>
  );
}
