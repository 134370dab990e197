// Webhooks (issue 38, decision 0073): a workspace owner's endpoints that receive a signed POST
// (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature) for each change of the
// events they chose. The secret (`whsec_` + base64 of 32 random bytes) is shown once, at creation.
import { z } from "zod";
import { plainString } from "./text";

export const WEBHOOK_EVENTS = [
  "report.created",
  "report.updated",
  "report.status_changed",
  "report.deleted",
  "report.restored",
  "comment.created",
  "verification.decided",
  "audit.completed",
  "sheet.ready",
  "project.created",
  "project.updated",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of the test ping (POST /api/webhooks/{id}/test); never chosen, always sent on request. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Endpoints a workspace may hold at once. */
export const MAX_WEBHOOKS = 20;
export const MAX_WEBHOOK_URL = 2000;
/** How much of an endpoint's answer each attempt keeps. */
export const WEBHOOK_RESPONSE_KEPT_BYTES = 1024;

export const WEBHOOK_URL_MESSAGE = "The webhook URL must be a full web address such as https://example.com/hooks";
export const WEBHOOK_EVENTS_MESSAGE = "Choose at least one event";
export const WEBHOOK_EVENT_UNKNOWN = "Unknown webhook event";

const url = plainString({ error: WEBHOOK_URL_MESSAGE })
  .trim()
  .min(1, WEBHOOK_URL_MESSAGE)
  .max(MAX_WEBHOOK_URL, `The webhook URL must be at most ${MAX_WEBHOOK_URL} characters`)
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname !== "";
    } catch {
      return false;
    }
  }, WEBHOOK_URL_MESSAGE);

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_EVENT_UNKNOWN }), { error: WEBHOOK_EVENTS_MESSAGE })
  .min(1, WEBHOOK_EVENTS_MESSAGE)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_EVENTS_MESSAGE)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    /** Epoch seconds. */
    createdAt: z.number(),
    /** Epoch seconds; null while it receives deliveries. */
    disabledAt: z.number().nullable(),
    /** Why it was switched off: by its owner, its answer 410 Gone, or failing for days. */
    disabledReason: z.enum(["owner", "gone", "failing"]).nullable(),
    /** Epoch seconds of the first failure of the current run of failures; null when the last one went through. */
    failingSince: z.number().nullable(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.infer<typeof WebhookSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

/** POST /api/webhooks. */
export const WebhookCreateSchema = z.object({ url, events });
export type WebhookCreate = z.output<typeof WebhookCreateSchema>;

/** PATCH /api/webhooks/{id}: any of the URL, the events, or switching it on or off. */
export const WebhookPatchSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
});
export type WebhookPatch = z.output<typeof WebhookPatchSchema>;

/** 201 answer: the signing secret appears here and nowhere else, ever. */
export const WebhookCreatedSchema = z.object({ webhook: WebhookSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreatedSchema>;

export const WebhookAttemptSchema = z.object({
  /** Epoch milliseconds. */
  at: z.number(),
  /** The HTTP status answered; null when no answer came (refused, timed out, connection failed). */
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  /** The first kilobyte of the answer's body. */
  response: z.string(),
  /** Why no answer came, or why it counts as failed. */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WEBHOOK_DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const WebhookDeliverySchema = z
  .object({
    /** Also the `webhook-id` header: the same on every attempt and redelivery, for receivers to deduplicate. */
    id: z.string(),
    type: z.string(),
    state: z.enum(WEBHOOK_DELIVERY_STATES),
    /** Epoch milliseconds. */
    createdAt: z.number(),
    /** Epoch milliseconds of the next try while pending. */
    nextAttemptAt: z.number().nullable(),
    attempts: z.array(WebhookAttemptSchema),
    /** The body sent ({type, timestamp, data}). */
    payload: z.unknown(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** 202 answer of redeliver and test: the delivery queued (sent within a second or so). */
export const WebhookDeliveryQueuedSchema = z.object({ delivery: WebhookDeliverySchema });
