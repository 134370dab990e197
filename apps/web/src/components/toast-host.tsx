import { lazy, Suspense, useSyncExternalStore } from "react";
import { useT } from "../i18n/use-t";
import { TOAST_OPTIONS, toastHost } from "../lib/toast";

const ToastContainer = lazy(async () => {
  const [{ ToastContainer: Container }] = await Promise.all([
    import("react-toastify"),
    import("react-toastify/dist/ReactToastify.css"),
  ]);
  // Its region's name (react-toastify's default is English) in the reader's language.
  return { default: ({ label }: { label: string }) => <Container {...TOAST_OPTIONS} aria-label={label} /> };
});

/** Mounts react-toastify's container once the first toast is raised (see lib/toast.ts). */
export function ToastHost() {
  const t = useT();
  const requested = useSyncExternalStore(toastHost.subscribe, toastHost.isRequested, () => false);
  return requested ? (
    <Suspense fallback={null}>
      <ToastContainer label={t("fin.toasts.region")} />
    </Suspense>
  ) : null;
}
