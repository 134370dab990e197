import { lazy, Suspense, useSyncExternalStore } from "react";
import { TOAST_OPTIONS, toastHost } from "../lib/toast";

const ToastContainer = lazy(async () => {
  const [{ ToastContainer: Container }] = await Promise.all([
    import("react-toastify"),
    import("react-toastify/dist/ReactToastify.css"),
  ]);
  return { default: () => <Container {...TOAST_OPTIONS} /> };
});

/** Mounts react-toastify's container once the first toast is raised (see lib/toast.ts). */
export function ToastHost() {
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
