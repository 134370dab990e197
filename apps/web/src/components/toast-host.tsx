import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastHost } from "../lib/toast";

const Toasts = lazy(() => import("./toasts").then((m) => ({ default: m.Toasts })));

/** Mounts react-toastify's container once the first toast is raised (see lib/toast.ts). */
export function ToastHost() {
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
