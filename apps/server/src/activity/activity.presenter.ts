// History rows → the API's entries, each with its sentence (shown on the timeline and in the PDF).
import type { ActivityChange, ActivityEntry, ActivityType } from "@sitesnag/shared/activity";
import type { ActivityRow } from "../db/schema";
import { formatDayTime } from "../format";

const firstName = (name: string) => name.split(" ")[0] ?? name;

function changeText(c: ActivityChange): string {
  const base = `${c.label} from ${c.fromText} to ${c.toText}`;
  return c.replaced ? `${base} (replacing ${firstName(c.replaced.userName)}'s ${c.replaced.text})` : base;
}

function lostText(actor: string, c: ActivityChange): string {
  const other = c.supersededBy;
  if (!other) return "";
  return `${actor}'s offline change of ${c.label} to ${c.toText} was not applied: ${firstName(other.userName)}'s change to ${other.text} at ${formatDayTime(other.at)} is newer`;
}

const clip = (text: string | null) => {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};

export function summarise(
  type: ActivityType,
  actor: string,
  changes: ActivityChange[],
  comment: string | null,
): string {
  switch (type) {
    case "created":
      return comment ? `${actor} created the report with ${comment}` : `${actor} created the report`;
    case "status_changed":
      return `${actor} changed the status from ${changes[0]?.fromText ?? "—"} to ${changes[0]?.toText ?? "—"}`;
    case "edited": {
      const applied = changes.filter((c) => !c.supersededBy).map(changeText);
      const lost = changes.filter((c) => c.supersededBy).map((c) => lostText(actor, c));
      return [applied.length > 0 ? `${actor} changed ${applied.join("; ")}` : "", ...lost].filter(Boolean).join(". ");
    }
    case "photos_added":
      return `${actor} added ${comment ?? "photos"}`;
    case "photos_removed":
      return `${actor} removed ${comment ?? "photos"}`;
    case "pdf_exported":
      return `${actor} exported the PDF`;
    case "verification_accepted":
      return `${actor} accepted the fix and closed the report`;
    case "comment_added":
      return `${actor} commented: ${clip(comment)}`;
    case "comment_edited":
      return `${actor} edited a comment: ${clip(comment)}`;
    case "comment_deleted":
      return `${actor} deleted a comment`;
    case "deleted":
      return `${actor} moved the report to the Trash`;
    case "restored":
      return `${actor} restored the report from the Trash`;
    case "verification_rejected":
      return `${actor} rejected the fix and reopened the report: ${comment ?? ""}`;
  }
}

export function presentActivity(row: ActivityRow): ActivityEntry {
  const type = row.type as ActivityType;
  const changes = row.changes ? (JSON.parse(row.changes) as ActivityChange[]) : undefined;
  const at = Number(row.created_at);
  return {
    id: row.id,
    type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    at,
    ...(changes ? { changes } : {}),
    ...(row.comment !== null ? { comment: row.comment } : {}),
    ...(row.via_offline
      ? { offline: { madeAt: row.device_at === null ? null : Number(row.device_at), receivedAt: at } }
      : {}),
    summary: summarise(type, row.actor_name, changes ?? [], row.comment),
  };
}
