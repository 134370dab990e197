import { lazy, Suspense, useSyncExternalStore } from "react";
import { TOAST_OPTIONS, toastHost } from "../lib/toast";

// react-toastify 11 puts its own stylesheet into the document when its container mounts: importing
// its CSS file as well loaded the same rules twice (a request, and two full style recalculations).
const ToastContainer = lazy(async () => ({ default: (await import("react-toastify")).ToastContainer }));

/**
 * Mounts react-toastify's container once the first toast is raised (see lib/toast.ts). `label`:
 * the toasts' region name in the reader's language, from the signed-in app (app/providers.tsx);
 * the pre-rendered pages, in English and without the translator in their first load, keep the
 * library's own.
 */
export function ToastHost({ label }: { label?: string }) {
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer {...TOAST_OPTIONS} {...(label ? { "aria-label": label } : {})} />
    </Suspense>
  ) : null;
}
