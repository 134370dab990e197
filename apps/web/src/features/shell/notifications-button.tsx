import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

/**
 * The header bell. Notifications (assignments, status changes) arrive with their own feature;
 * until then the panel says so, and the bell shows no unread badge (DESIGN §5).
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label="Notifications, none unread"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
      </button>
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="fixed inset-x-3 top-16 z-40 rounded-xl bg-white p-4 text-sm shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-72"
        >
          <h2 className="font-semibold text-slate-900">Notifications</h2>
          <p className="mt-1 text-slate-600">
            You're all caught up. Assignments and report status changes will appear here.
          </p>
        </section>
      )}
    </div>
  );
}
