import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastHost } from "../lib/toast";
import type { ToastLabels } from "./toast-container";

const ToastContainer = lazy(() => import("./toast-container"));

/**
 * Mounts react-toastify's container once the first toast is raised (see lib/toast.ts). `labels`:
 * the toasts' region name, close button and timer in the reader's language, from the signed-in
 * app (app/providers.tsx); the pre-rendered pages, without the translator in their first load,
 * keep the library's own English.
 */
export function ToastHost({ labels = {} }: { labels?: ToastLabels }) {
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer labels={labels} />
    </Suspense>
  ) : null;
}
