// What a webhook says about a live event (decision 0073): its type in the webhook contract and a
// body `{type, timestamp, data}` whose `data` is the object as the API answers it, read when the
// dispatcher claims the event (within a second or two of the change: a later change in between
// shows in it). An object gone by then (a report moved to the Trash) is told by its id.
import { LiveEventDataSchema } from "@sitesnag/shared/live";
import type { WebhookEvent } from "@sitesnag/shared/webhooks";
import type { Transaction } from "kysely";
import { findAudit } from "../audits/audits.repository";
import { loadAudit } from "../audits/audits.service";
import { presentComment } from "../comments/comments.presenter";
import { findComment, findCommentPhotos } from "../comments/comments.repository";
import type { Database } from "../db/schema";
import { presentProject } from "../projects/projects.presenter";
import { findProject } from "../projects/projects.repository";
import { emptyPinCounts, presentSheet } from "../sheets/sheets.presenter";
import { countPins, findRevisions, findSheet } from "../sheets/sheets.repository";
import { readReport } from "../snagging/snagging.service";
import type { ClaimedEvent } from "./webhooks.repository";

/** The live events that are webhook events, by their webhook name. */
const FROM_LIVE: Record<string, WebhookEvent> = {
  "report.created": "report.created",
  "report.updated": "report.updated",
  "report.status": "report.status_changed",
  "report.deleted": "report.deleted",
  "report.restored": "report.restored",
  "comment.added": "comment.created",
  "verification.decided": "verification.decided",
  "audit.completed": "audit.completed",
  "sheet.ready": "sheet.ready",
  "project.created": "project.created",
  "project.updated": "project.updated",
};

export const webhookEventOf = (liveType: string): WebhookEvent | undefined => FROM_LIVE[liveType];

function liveData(text: string | null) {
  if (!text) return {};
  try {
    const parsed = LiveEventDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

async function readObject(trx: Transaction<Database>, type: WebhookEvent, event: ClaimedEvent): Promise<unknown> {
  const ws = event.workspace_id;
  const id = event.subject_id;
  switch (type) {
    case "comment.created": {
      const { commentId, reportId } = liveData(event.data);
      const row = commentId ? await findComment(trx, ws, commentId) : undefined;
      if (!row) return { id: commentId ?? null, reportId: reportId ?? id };
      return presentComment(row, await findCommentPhotos(trx, [row.id]));
    }
    case "audit.completed": {
      const row = await findAudit(trx, ws, id);
      return row ? loadAudit(trx, row) : { id };
    }
    case "sheet.ready": {
      const row = await findSheet(trx, ws, id);
      if (!row) return { id };
      const counts = emptyPinCounts();
      for (const pin of await countPins(trx, ws, [id])) counts[pin.status] += pin.n;
      return presentSheet(row, counts, await findRevisions(trx, id));
    }
    case "project.created":
    case "project.updated": {
      const row = await findProject(trx, ws, id);
      return row ? presentProject(row) : { id };
    }
    default:
      // Every report event, the verification included: the report as GET /api/snagging/{id} answers.
      try {
        return await readReport(trx, ws, id);
      } catch {
        return { id };
      }
  }
}

/** The JSON body every attempt of this event's deliveries sends. */
export async function webhookBody(
  trx: Transaction<Database>,
  type: WebhookEvent,
  event: ClaimedEvent,
): Promise<string> {
  const data = await readObject(trx, type, event);
  return JSON.stringify({ type, timestamp: new Date(event.created_at).toISOString(), data });
}
