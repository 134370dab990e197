// What the outbox still holds for a report's comments (decision 0032), so the list shows it at
// once: new comments (newest first, with their latest queued text), edits and deletes of posted
// comments. Pure: given the queue's items, oldest first.
import type { QueueItem } from "@sitesnag/shared/sync-queue";

export type PendingComment = {
  tempId: string;
  body: string;
  photoCount: number;
  queuedAt: number;
  /** The server refused it (the outbox shows Retry and Discard). */
  error: string | null;
};

export type PendingComments = {
  added: PendingComment[];
  /** Posted comment id → the text of its newest queued edit. */
  edited: Map<string, string>;
  /** Posted comments whose delete is queued. */
  deleted: Set<string>;
};

const text = (v: unknown) => (typeof v === "string" ? v : "");

export function pendingCommentsOf(items: readonly QueueItem[], reportId: string): PendingComments {
  const added = new Map<string, PendingComment>();
  const edited = new Map<string, string>();
  const deleted = new Set<string>();
  for (const item of items) {
    if (item.data.reportId !== reportId) continue;
    const target = text(item.data.commentId);
    if (item.action === "comment_add") {
      added.set(item.tempId, {
        tempId: item.tempId,
        body: text(item.data.body),
        photoCount: item.photoIds.length,
        queuedAt: item.timestamp,
        error: item.error ?? null,
      });
    } else if (item.action === "comment_edit") {
      const queued = added.get(target);
      if (queued) queued.body = text(item.data.body);
      else edited.set(target, text(item.data.body));
    } else if (item.action === "comment_delete") {
      if (!added.delete(target)) deleted.add(target);
    }
  }
  return { added: [...added.values()].reverse(), edited, deleted };
}
