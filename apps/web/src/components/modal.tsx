import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../i18n/use-t";

/** `closeLabel`: the close button's name; "Close" in the reader's language when absent. */
type Props = { open: boolean; title: string; onClose: () => void; children: ReactNode; closeLabel?: string };

/**
 * A modal on the native <dialog> element: focus is trapped and restored by the browser,
 * Escape closes it, and the rest of the page is inert while it is open.
 */
export function Modal({ open, title, onClose, children, closeLabel }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Start in the first field of a form; a dialog without fields keeps the browser's choice.
      dialog.querySelector<HTMLElement>("input, select, textarea")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="max-h-[85dvh] overflow-y-auto p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel ?? t("common.close")}
              className="-m-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
