import type { Notification } from "@sitesnag/shared/notifications";
import { clsx } from "clsx";
import { Link } from "react-router";
import { useT } from "../../i18n/use-t";
import { useMarkNotificationRead } from "./api/notification-mutations";

/** One entry: links to its report and counts as read once opened. */
export function NotificationItem({
  notification: n,
  when,
  onOpen,
}: {
  notification: Notification;
  when: string;
  onOpen: () => void;
}) {
  const t = useT();
  const markRead = useMarkNotificationRead();
  const body = (
    <>
      <span className="flex items-start gap-2">
        {!n.read && <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />}
        <span className={clsx("min-w-0", n.read ? "text-slate-600" : "font-medium text-slate-900")}>
          {n.message}
          {!n.read && <span className="sr-only"> {t("updates.unread")}</span>}
        </span>
      </span>
      <span className="mt-0.5 block pl-4 text-xs text-slate-500">{when}</span>
    </>
  );
  return (
    <li>
      {n.reportId ? (
        <Link
          to={`/app/snagging/${n.reportId}`}
          onClick={() => {
            if (!n.read) markRead.mutate(n.id);
            onOpen();
          }}
          className="block px-4 py-3 hover:bg-slate-50"
        >
          {body}
        </Link>
      ) : (
        <div className="px-4 py-3">{body}</div>
      )}
    </li>
  );
}
