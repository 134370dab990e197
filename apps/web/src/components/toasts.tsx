// react-toastify's container, loaded with the first toast (toast-host.tsx), so neither the library
// nor the translator is in a pre-rendered page's first load.
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { useT } from "../i18n/use-t";
import { TOAST_OPTIONS } from "../lib/toast";

export function Toasts() {
  const t = useT();
  // The region's name in the reader's language (react-toastify's own is English in every
  // language), with the shortcut that moves the focus to the first toast (its default, Alt+T).
  return <ToastContainer {...TOAST_OPTIONS} aria-label={t("toasts.region")} />;
}
