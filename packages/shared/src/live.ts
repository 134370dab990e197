import { z } from "zod";

// The live stream (issue 39, GET /api/events, decisions 0068 and 0069): what changed in the
// caller's workspace, told as events that say what to refetch rather than carrying the data.

export const LIVE_EVENT_TYPES = [
  "report.created",
  "report.updated",
  "report.status",
  "report.deleted",
  "report.restored",
  "comment.added",
  "comment.edited",
  "comment.deleted",
  "verification.decided",
  "audit.created",
  "audit.answered",
  "audit.completed",
  "audit.deleted",
  "sheet.ready",
  "project.created",
  "project.updated",
  "project.deleted",
  "project.restored",
  "team.changed",
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LiveEventDataSchema = z.object({
  /** report.updated: the fields that changed (the history's field names: title, status, assignedTo...). */
  fields: z.array(z.string()).optional(),
  /** report.status and verification.decided: the report's new status. */
  status: z.string().optional(),
  /** comment.* : the report the comment is on. */
  reportId: z.string().optional(),
  /** comment.* : the comment, when known (webhooks send it, decision 0073). */
  commentId: z.string().optional(),
  /** sheet.*, audit.* and report.*: the project, when known. */
  projectId: z.string().optional(),
  /** verification.decided. */
  accepted: z.boolean().optional(),
  /** team.changed: what happened to the member (subjectId) or invitation. */
  change: z.enum(["joined", "removed", "role", "invited", "invitation-cancelled"]).optional(),
});
export type LiveEventData = z.infer<typeof LiveEventDataSchema>;

/** One event as the stream's `data:` line carries it (JSON); its `id:` line is `id` as text. */
export const LiveEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(LIVE_EVENT_TYPES),
  subjectId: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string() }).nullable(),
  at: z.number(),
  data: LiveEventDataSchema,
});
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** The stream's other event names: `ready` (opened; its id is the position to resume from), `reset`
 * (missed events could not be replayed: refetch everything) and `closing` (the server is going
 * away or the session ended: reconnect, or sign in again when the reason says so). */
export type LiveControl = "ready" | "reset" | "closing";

/** Streams one session may hold open at once (beyond: 429). */
export const MAX_STREAMS_PER_SESSION = 5;

/** A message of a `text/event-stream`: its event name (default "message"), id and data. */
export type SseMessage = { event: string; id: string | undefined; data: string };

/**
 * Reads a `text/event-stream` as it arrives (the WHATWG rules that matter here: lines end with \n,
 * \r\n or \r; a blank line ends a message; lines starting with ":" are comments (heartbeats); a
 * message without data is not dispatched). Feed it text chunks; it calls `onMessage` per message.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): (chunk: string) => void {
  let buffer = "";
  let event = "";
  let id: string | undefined;
  let data: string[] = [];
  const line = (text: string) => {
    if (text === "") {
      if (data.length > 0) onMessage({ event: event || "message", id, data: data.join("\n") });
      event = "";
      id = undefined;
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
  };
  return (chunk) => {
    buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(buffer);
      if (!match) return;
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (match[0] === "\r" && match.index === buffer.length - 1) return;
      line(buffer.slice(0, match.index));
      buffer = buffer.slice(match.index + match[0].length);
    }
  };
}

export const LAST_EVENT_ID_MESSAGE = "Last-Event-ID must be the number of an event this stream sent";

/** GET /api/events's one input: the id of the last event the client got, to replay what followed. */
export const LiveStreamHeadersSchema = z.looseObject({
  "last-event-id": z
    .string()
    .regex(/^\d{1,15}$/, LAST_EVENT_ID_MESSAGE)
    .optional(),
});
