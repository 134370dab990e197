import type { Locale } from "@sitesnag/shared/i18n/locales";
import {
  WEBHOOK_EVENTS,
  WEBHOOK_RESPONSE_KEPT_BYTES,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from "@sitesnag/shared/webhooks";
import type { WebhookAttemptsTable, WebhookDeliveryRow } from "../db/schema";
import { localiseSentence } from "../i18n/localise-sentence";
import type { WebhookListRow } from "./webhooks.repository";

export function eventsOf(text: string): WebhookEvent[] {
  try {
    const list = JSON.parse(text) as unknown;
    return Array.isArray(list) ? WEBHOOK_EVENTS.filter((e) => list.includes(e)) : [];
  } catch {
    return [];
  }
}

export const presentWebhook = (row: WebhookListRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events),
  createdAt: Number(row.created_at),
  disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since === null ? null : Number(row.failing_since),
  createdBy:
    row.created_by && row.creator_first_name !== null
      ? { id: row.created_by, name: `${row.creator_first_name} ${row.creator_last_name ?? ""}`.trim() }
      : null,
});

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * A delivery and its attempts for `locale`'s reader: an attempt's error the worker wrote as one of
 * the catalogue's sentences ("No answer within 10 seconds") in that language; a system's own words
 * ("connect ECONNREFUSED …", "HTTP 500") as they came.
 */
export const presentDelivery = (
  row: WebhookDeliveryRow,
  attempts: readonly WebhookAttemptsTable[],
  locale: Locale = "en-GB",
): WebhookDelivery => ({
  id: row.id,
  type: row.type,
  state: row.state,
  createdAt: Number(row.created_at),
  nextAttemptAt: row.state === "pending" ? Number(row.next_attempt_at) : null,
  attempts: attempts.map((a) => ({
    at: Number(a.at),
    statusCode: a.status_code === null ? null : Number(a.status_code),
    durationMs: Number(a.duration_ms),
    response: a.response.slice(0, WEBHOOK_RESPONSE_KEPT_BYTES),
    error: a.error === null ? null : localiseSentence(locale, a.error),
  })),
  payload: parsed(row.payload),
});
