// The bell's open panel, in a chunk of its own: the header needs only the button and its badge to
// paint. lazyDialog fetches it once the shell has painted, so it opens at once and offline too.
import { useMemo } from "react";
import { LoadMore } from "../../components/load-more";
import { useT } from "../../i18n/use-t";
import { formatDateTime } from "../../lib/format";
import { useMarkAllNotificationsRead } from "./api/notification-mutations";
import { useNotifications } from "./api/notifications-api";
import { NotificationItem } from "./notification-item";

type Props = {
  open: boolean;
  panelId: string;
  unread: number;
  onClose: () => void;
};

export function NotificationsPanel({ open, panelId, unread, onClose }: Props) {
  const t = useT();
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const list = useMemo(() => notifications.data?.pages.flatMap((p) => p.notifications) ?? [], [notifications.data]);
  if (!open) return null;
  return (
    <section
      id={panelId}
      aria-label={t("updates.title")}
      className="fixed inset-x-3 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-xl bg-white text-sm shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="font-semibold text-slate-900">{t("updates.title")}</h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => markAll.mutate()}
            disabled={markAll.isPending}
            className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {t("updates.markAll")}
          </button>
        )}
      </div>
      {notifications.isPending ? (
        <p className="px-4 py-3 text-slate-600">{t("sync.loading")}</p>
      ) : notifications.isError && list.length === 0 ? (
        <p className="px-4 py-3 text-red-700">{t("updates.failed")}</p>
      ) : list.length === 0 ? (
        <p className="px-4 py-3 text-slate-600">{t("updates.empty")}</p>
      ) : (
        <>
          <ul aria-label={t("updates.latest")} className="divide-y divide-slate-100">
            {list.map((n) => (
              <NotificationItem key={n.id} notification={n} when={formatDateTime(n.createdAt)} onOpen={onClose} />
            ))}
          </ul>
          <div className="px-4 pb-3">
            <LoadMore query={notifications} shown={list.length} noun="notifications" />
          </div>
        </>
      )}
    </section>
  );
}
