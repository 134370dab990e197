// 'Pending sync' on a report with queued changes not yet on the server.
import { useOutbox } from "./use-outbox";

export function PendingChangeBadge({ reportId }: { reportId: string }) {
  const { items } = useOutbox();
  const count = items.filter((i) => i.data.reportId === reportId).length;
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">
      Pending sync{count > 1 ? ` (${count} changes)` : ""}
    </span>
  );
}
