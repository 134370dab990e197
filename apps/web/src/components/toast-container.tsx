// react-toastify's container, loaded with the first toast (toast-host.tsx), with the library's own
// English replaced by the reader's words: the toasts' region name (with its shortcut), the close
// button's name ("close") and the timer bar's ("notification timer"), which the library writes as
// fixed attributes on each toast it draws. The words come with this lazy chunk, not the first load.
// react-toastify 11 puts its own stylesheet into the document when its container mounts: importing
// its CSS file as well loaded the same rules twice (a request, and two full style recalculations).
import { useEffect, useRef } from "react";
import { ToastContainer } from "react-toastify";
import { useT } from "../i18n/use-t";
import { TOAST_OPTIONS } from "../lib/toast";

export default function LabelledToastContainer() {
  const t = useT();
  const close = t("toasts.close");
  const timer = t("toasts.timer");
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const relabel = () => {
      for (const [selector, label] of [
        [".Toastify__close-button", close],
        [".Toastify__progress-bar[role=progressbar]", timer],
      ] as const) {
        for (const el of root.querySelectorAll(selector)) {
          if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
        }
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-label"] });
    return () => observer.disconnect();
  }, [close, timer]);
  return (
    <div ref={host}>
      <ToastContainer {...TOAST_OPTIONS} aria-label={t("toasts.region")} />
    </div>
  );
}
