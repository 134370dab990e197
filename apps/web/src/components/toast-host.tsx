import { lazy, Suspense, useSyncExternalStore } from "react";
import { useT } from "../i18n/use-t";
import { TOAST_OPTIONS, toastHost } from "../lib/toast";

const ToastContainer = lazy(async () => {
  const [{ ToastContainer: Container }] = await Promise.all([
    import("react-toastify"),
    import("react-toastify/dist/ReactToastify.css"),
  ]);
  return {
    default: function Toasts() {
      const t = useT();
      // The region's name in the reader's language (react-toastify's own is English), with the
      // shortcut that moves the focus to the first toast (its default, Alt+T).
      return <Container {...TOAST_OPTIONS} aria-label={t("toasts.region")} />;
    },
  };
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
