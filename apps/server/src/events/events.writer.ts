// The one writer of live events (issue 39, decision 0068). Every function here is called with the
// handle of the change it announces: inside the change's transaction when there is one, so an
// event exists exactly when its change does (a rolled-back or crashed change announces nothing).
// The relay (events.relay.ts) publishes rows after they are committed.
import type { ActivityChange, ActivityType } from "@sitesnag/shared/activity";
import type { LiveEventData, LiveEventType } from "@sitesnag/shared/live";
import type { Kysely, Transaction } from "kysely";
import type { Database, NewActivity, NewLiveEvent, UserRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export type LiveActor = { id: string | null; name: string } | null;

export type LiveEventInput = {
  workspaceId: string;
  type: LiveEventType;
  subjectId: string;
  actor: LiveActor;
  data?: LiveEventData;
};

export const userActor = (user: Pick<UserRow, "id" | "first_name" | "last_name">): LiveActor => ({
  id: user.id,
  name: `${user.first_name} ${user.last_name}`.trim(),
});

function row(input: LiveEventInput, now: number): NewLiveEvent {
  return {
    workspace_id: input.workspaceId,
    type: input.type,
    subject_id: input.subjectId,
    actor_id: input.actor?.id ?? null,
    actor_name: input.actor?.name ?? null,
    data: input.data && Object.keys(input.data).length > 0 ? JSON.stringify(input.data) : null,
    created_at: now,
    published_at: null,
  };
}

/** Told when this process writes events, so the relay looks for them at once (live-hub.ts). */
const written = new Set<() => void>();

export function onLiveEventsWritten(listener: () => void): () => void {
  written.add(listener);
  return () => written.delete(listener);
}

export async function recordLiveEvents(db: Q, events: readonly LiveEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const now = Date.now();
  await db
    .insertInto("live_events")
    .values(events.map((e) => row(e, now)))
    .execute();
  for (const listener of written) listener();
}

export const recordLiveEvent = (db: Q, event: LiveEventInput): Promise<void> => recordLiveEvents(db, [event]);

/** The history's entry types as the stream tells them; a PDF export changes nothing others see. */
const FROM_ACTIVITY: Partial<Record<ActivityType, LiveEventType>> = {
  created: "report.created",
  edited: "report.updated",
  photos_added: "report.updated",
  photos_removed: "report.updated",
  status_changed: "report.status",
  verification_accepted: "verification.decided",
  verification_rejected: "verification.decided",
  comment_added: "comment.added",
  comment_edited: "comment.edited",
  comment_deleted: "comment.deleted",
  deleted: "report.deleted",
  restored: "report.restored",
};

function changesOf(entry: NewActivity): ActivityChange[] {
  if (typeof entry.changes !== "string") return [];
  try {
    return JSON.parse(entry.changes) as ActivityChange[];
  } catch {
    return [];
  }
}

/**
 * The live events of a report's history entries, written beside them (activity.repository.ts
 * `insertActivity`, the only statement that writes history): every report change, comment and
 * verification is announced by the same insert path that records it.
 */
export function liveEventsOfActivity(entries: readonly NewActivity[], extra?: LiveEventData): LiveEventInput[] {
  const events: LiveEventInput[] = [];
  for (const entry of entries) {
    const type = FROM_ACTIVITY[entry.type as ActivityType];
    if (!type) continue;
    const changes = changesOf(entry);
    const status = changes.find((c) => c.field === "status")?.to;
    const data: LiveEventData = { ...extra };
    if (type === "report.updated") data.fields = changes.map((c) => c.field);
    if (entry.type === "photos_added" || entry.type === "photos_removed") data.fields = ["photos"];
    if (typeof status === "string") data.status = status;
    if (type === "verification.decided") data.accepted = entry.type === "verification_accepted";
    const isComment = type.startsWith("comment.");
    if (isComment) data.reportId = entry.report_id;
    events.push({
      workspaceId: entry.workspace_id,
      type,
      subjectId: entry.report_id,
      actor: { id: entry.actor_id ?? null, name: entry.actor_name },
      data,
    });
  }
  return events;
}
