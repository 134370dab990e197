import { unreadBadge } from "@sitesnag/shared/notification-badge";
import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/use-t";
import { lazyDialog } from "../../lib/lazy-dialog";
import { useNotifications } from "./api/notifications-api";

// The open panel (list, Load more, dates) loads once the shell has painted, not with it (issue 7).
const NotificationsPanel = lazyDialog(
  () => import("./notifications-panel").then((m) => m.NotificationsPanel),
  (p) => p.open,
);

/** The header bell: the real unread count ('9+' above nine, nothing at zero) and the latest entries. */
export function NotificationsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const notifications = useNotifications();
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;
  const badge = unreadBadge(unread);
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
        aria-label={t("shell.notifications", { count: unread })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100"
      >
        <Bell aria-hidden className="size-5" />
        {badge && (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
          >
            {badge}
          </span>
        )}
      </button>
      <NotificationsPanel open={open} panelId={panelId} unread={unread} onClose={() => setOpen(false)} />
    </div>
  );
}
