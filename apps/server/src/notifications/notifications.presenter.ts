import type { Notification } from "@sitesnag/shared/notifications";
import { linkActorName } from "../sharing/share-actor";
import type { NotificationWithActor } from "./notifications.repository";

const STATUS_LABELS = { open: "Open", "in-progress": "In Progress", resolved: "Resolved", closed: "Closed" } as const;

export function presentNotification(row: NotificationWithActor): Notification {
  const person =
    row.actor_first_name === null && row.actor_last_name === null
      ? null
      : `${row.actor_first_name ?? ""} ${row.actor_last_name ?? ""}`.trim();
  // No person made a fix through a share link: the link is named instead (issue 27).
  const actor = person ?? (row.link_name ? linkActorName(row.link_name) : null);
  const message =
    row.kind === "assigned"
      ? `${actor ?? "Someone"} assigned you ${row.report_title}`
      : row.kind === "mention"
        ? `${actor ?? "Someone"} mentioned you in a comment on ${row.report_title}`
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
