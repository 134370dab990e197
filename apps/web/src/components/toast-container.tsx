// react-toastify's container, loaded with the first toast (toast-host.tsx), with the library's own
// English words replaced by the reader's: the close button's name ("close") and the timer bar's
// ("notification timer"), which the library writes as fixed attributes on each toast it draws.
import { useEffect, useRef } from "react";
import { ToastContainer } from "react-toastify";
import "react-toastify/dist/ReactToastify.css";
import { TOAST_OPTIONS } from "../lib/toast";

export type ToastLabels = { region?: string | undefined; close?: string | undefined; timer?: string | undefined };

export default function LabelledToastContainer({ labels }: { labels: ToastLabels }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = host.current;
    if (!root || (!labels.close && !labels.timer)) return;
    const relabel = () => {
      for (const [selector, label] of [
        [".Toastify__close-button", labels.close],
        [".Toastify__progress-bar[role=progressbar]", labels.timer],
      ] as const) {
        if (!label) continue;
        for (const el of root.querySelectorAll(selector)) {
          if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
        }
      }
    };
    relabel();
    const observer = new MutationObserver(relabel);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-label"] });
    return () => observer.disconnect();
  }, [labels.close, labels.timer]);
  return (
    <div ref={host}>
      <ToastContainer {...TOAST_OPTIONS} {...(labels.region ? { "aria-label": labels.region } : {})} />
    </div>
  );
}
