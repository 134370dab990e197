import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastHost } from "../lib/toast";

const ToastContainer = lazy(() => import("./toast-container"));

/**
 * Mounts react-toastify's container once the first toast is raised (see lib/toast.ts), with its
 * words (region, close button, timer) in the reader's language (toast-container.tsx).
 */
export function ToastHost() {
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
