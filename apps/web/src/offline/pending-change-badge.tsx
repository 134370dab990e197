// 'Pending sync' on a report with queued changes not yet on the server ('Delete pending sync' when
// one of them deletes it). Given `items`, it reads no queue of its own (a list passes one view).
import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { type Translate, useT } from "../i18n/use-t";
import { useOutbox } from "./use-outbox";

export function pendingLabel(items: readonly QueueItem[], reportId: string, t: Translate): string | null {
  const mine = items.filter((i) => i.action !== "create" && i.data.reportId === reportId);
  if (mine.length === 0) return null;
  if (mine.some((i) => i.action === "delete")) return t("snagging.comments.deletePending");
  // The count as a bare number: a plural sentence here would cost the report list's first load
  // (at its budget) its 40 bytes.
  return t("snagging.queued.pending") + (mine.length > 1 ? ` (${mine.length})` : "");
}

export function PendingBadge({ label }: { label: string | null }) {
  if (!label) return null;
  return <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">{label}</span>;
}

export function PendingChangeBadge({ reportId }: { reportId: string }) {
  const t = useT();
  const { items } = useOutbox();
  return <PendingBadge label={pendingLabel(items, reportId, t)} />;
}
