import { unreadBadge } from "@sitesnag/shared/notification-badge";
import { Bell } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { LoadMore } from "../../components/load-more";
import { formatDateTime } from "../../lib/format";
import { useMarkAllNotificationsRead, useNotifications } from "./api/notifications-api";
import { NotificationItem } from "./notification-item";

/** The header bell: the real unread count ('9+' above nine, nothing at zero) and the latest entries. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
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
  const list = useMemo(() => notifications.data?.pages.flatMap((p) => p.notifications) ?? [], [notifications.data]);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`}
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
      {open && (
        <section
          id={panelId}
          aria-label="Notifications"
          className="fixed inset-x-3 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-xl bg-white text-sm shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">Notifications</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markAll.mutate()}
                disabled={markAll.isPending}
                className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                Mark all as read
              </button>
            )}
          </div>
          {notifications.isPending ? (
            <p className="px-4 py-3 text-slate-600">Loading…</p>
          ) : notifications.isError && list.length === 0 ? (
            <p className="px-4 py-3 text-red-700">Notifications could not be loaded.</p>
          ) : list.length === 0 ? (
            <p className="px-4 py-3 text-slate-600">
              You're all caught up. Assignments and report status changes will appear here.
            </p>
          ) : (
            <>
              <ul aria-label="Latest notifications" className="divide-y divide-slate-100">
                {list.map((n) => (
                  <NotificationItem
                    key={n.id}
                    notification={n}
                    when={formatDateTime(n.createdAt)}
                    onOpen={() => setOpen(false)}
                  />
                ))}
              </ul>
              <div className="px-4 pb-3">
                <LoadMore query={notifications} shown={list.length} noun="notifications" />
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
