import type { Notification } from "@sitesnag/shared/notifications";
import { linkActorName } from "../sharing/share-actor";
import type { NotificationWithActor } from "./notifications.repository";

/** A rejection's reason is quoted in the sentence, bounded so the bell and mail stay readable. */
const REASON_MAX = 200;
const bounded = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1).trimEnd()}…` : text);

const STATUS_LABELS = { open: "Open", "in-progress": "In Progress", resolved: "Resolved", closed: "Closed" } as const;

export function presentNotification(row: NotificationWithActor): Notification {
  // `detail` (migration 0023): a rejection's reason, or the link a fix came through; null on rows
  // made before it that had neither.
  const reason = row.kind === "fix_rejected" ? row.detail?.replace(/\s+/g, " ").trim() : undefined;
  const linkName = row.actor_id === null && row.kind !== "fix_rejected" ? row.detail : null;
  const person =
    row.actor_first_name === null && row.actor_last_name === null
      ? null
      : `${row.actor_first_name ?? ""} ${row.actor_last_name ?? ""}`.trim();
  // No person made a fix through a share link: the link is named instead (issue 27).
  const actor = person ?? (linkName ? linkActorName(linkName) : null);
  const message =
    row.kind === "assigned"
      ? `${actor ?? "Someone"} assigned you ${row.report_title}`
      : row.kind === "mention"
        ? `${actor ?? "Someone"} mentioned you in a comment on ${row.report_title}`
        : row.kind === "fix_awaiting_verification"
          ? `${actor ?? "Someone"} marked ${row.report_title} fixed: it is waiting for your verification`
          : row.kind === "fix_accepted"
            ? `${actor ?? "Someone"} accepted your fix on ${row.report_title}`
            : row.kind === "fix_rejected"
              ? `${actor ?? "Someone"} rejected your fix on ${row.report_title}${reason ? `: ${bounded(reason)}` : ""}`
              : `${actor ?? "Someone"} changed ${row.report_title} to ${row.status ? STATUS_LABELS[row.status] : "a new status"}`;
  return {
    id: row.id,
    kind: row.kind,
    reportId: row.report_id,
    reportTitle: row.report_title,
    status: row.status,
    actorName: actor,
    message,
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
}
