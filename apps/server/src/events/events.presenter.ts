import { type LiveEvent, LiveEventDataSchema, type LiveEventType } from "@sitesnag/shared/live";
import type { LiveEventRow } from "../db/schema";

function data(text: string | null): LiveEvent["data"] {
  if (!text) return {};
  try {
    const parsed = LiveEventDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export const presentEvent = (row: LiveEventRow): LiveEvent => ({
  id: row.id,
  type: row.type as LiveEventType,
  subjectId: row.subject_id,
  actor: row.actor_name === null ? null : { id: row.actor_id, name: row.actor_name },
  at: row.created_at,
  data: data(row.data),
});

/** One event as stream text: its id, name and JSON data, ended by a blank line. */
export const eventText = (row: LiveEventRow): string =>
  `id: ${row.id}\nevent: change\ndata: ${JSON.stringify(presentEvent(row))}\n\n`;
