// A workspace's webhooks (issue 38, decision 0073): one function per use case, the owner check
// first; another workspace's endpoint or delivery and a malformed id are not found. The signing
// secret leaves the server once, in createWebhook's answer. Deliveries are sent by the worker
// (webhook-worker.ts), never here: redeliver and test only queue a row and wake it.
import { toLocale } from "@sitesnag/shared/i18n/locales";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import {
  MAX_WEBHOOKS,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookPatch,
} from "@sitesnag/shared/webhooks";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import type { ClientInfo } from "../security-log/security-log.repository";
import { recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { refusalOf } from "./webhook-address";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret";
import { presentDelivery, presentWebhook } from "./webhooks.presenter";
import {
  countWebhooks,
  deleteWebhook as deleteWebhookRow,
  failPendingDeliveries,
  findAttempts,
  findDeliveries,
  findDelivery,
  findWebhook,
  findWebhooks,
  insertDeliveries,
  insertWebhook,
  requeueDelivery,
  updateWebhook,
} from "./webhooks.repository";

export const WEBHOOKS_OWNER_ONLY = "Only the workspace owner can manage webhooks";
export const TOO_MANY_WEBHOOKS = `A workspace can hold at most ${MAX_WEBHOOKS} webhooks: delete one first`;
/** A demo sandbox is anyone's: it must not be a way to make this server POST to arbitrary hosts. */
export const WEBHOOKS_DEMO = "Webhooks are not available in a demo workspace";
export const DELIVERY_IN_FLIGHT = "This delivery is being sent right now: wait a moment and try again";
const DELIVERIES_SHOWN = 50;

function requireOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden(WEBHOOKS_OWNER_ONLY);
}

async function requireWebhook(ctx: AppContext, user: UserRow, id: string) {
  requireOwner(user);
  const row = UUID_PATTERN.test(id) ? await findWebhook(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Webhook");
  return row;
}

async function requireAllowedUrl(ctx: AppContext, url: string): Promise<void> {
  const refusal = await refusalOf(url, {
    allowHttp: ctx.config.webhooksAllowHttp,
    allowPrivate: ctx.config.webhooksAllowPrivate,
  });
  if (refusal) throw badRequest(refusal, { url: [refusal] });
}

/** GET /api/webhooks: newest first. */
export async function listWebhooks(ctx: AppContext, user: UserRow): Promise<Webhook[]> {
  requireOwner(user);
  return (await findWebhooks(ctx.db, user.workspace_id)).map(presentWebhook);
}

/** POST /api/webhooks: a new endpoint and, this once, its signing secret. */
export async function createWebhook(
  ctx: AppContext,
  user: UserRow,
  input: WebhookCreate,
  client: ClientInfo,
): Promise<WebhookCreated> {
  requireOwner(user);
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(WEBHOOKS_DEMO);
  if ((await countWebhooks(ctx.db, user.workspace_id)) >= MAX_WEBHOOKS) throw conflict(TOO_MANY_WEBHOOKS);
  await requireAllowedUrl(ctx, input.url);
  const secret = newWebhookSecret();
  const now = nowSeconds();
  const row = {
    id: newId(),
    workspace_id: user.workspace_id,
    url: input.url,
    events: JSON.stringify(input.events),
    secret_encrypted: sealWebhookSecret(ctx.secrets, secret),
    created_by: user.id,
    created_at: now,
    updated_at: now,
    disabled_at: null,
    disabled_reason: null,
    failing_since: null,
    consecutive_failures: 0,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertWebhook(trx, row);
    await recordSecurityEvent(trx, {
      type: "webhook-created",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { webhookId: row.id, url: input.url },
    });
  });
  const webhook = presentWebhook({ ...row, creator_first_name: user.first_name, creator_last_name: user.last_name });
  return { webhook, secret };
}

/** PATCH /api/webhooks/{id}: its URL, its events, or switched on or off. */
export async function editWebhook(ctx: AppContext, user: UserRow, id: string, patch: WebhookPatch): Promise<Webhook> {
  const row = await requireWebhook(ctx, user, id);
  if (patch.url !== undefined && patch.url !== row.url) await requireAllowedUrl(ctx, patch.url);
  const now = nowSeconds();
  const switchOn = patch.enabled === true && row.disabled_at !== null;
  const switchOff = patch.enabled === false && row.disabled_at === null;
  await ctx.db.transaction().execute(async (trx) => {
    await updateWebhook(trx, row.id, {
      updated_at: now,
      ...(patch.url !== undefined ? { url: patch.url } : {}),
      ...(patch.events !== undefined ? { events: JSON.stringify(patch.events) } : {}),
      ...(switchOn ? { disabled_at: null, disabled_reason: null, failing_since: null, consecutive_failures: 0 } : {}),
      ...(switchOff ? { disabled_at: now, disabled_reason: "owner" as const } : {}),
    });
    if (switchOff) await failPendingDeliveries(trx, row.id);
  });
  const updated = await findWebhook(ctx.db, user.workspace_id, row.id);
  if (!updated) throw notFound("Webhook");
  return presentWebhook(updated);
}

/** DELETE /api/webhooks/{id}: gone at once, with every delivery still waiting for it. */
export async function removeWebhook(ctx: AppContext, user: UserRow, id: string, client: ClientInfo): Promise<void> {
  const row = await requireWebhook(ctx, user, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteWebhookRow(trx, user.workspace_id, row.id))) throw notFound("Webhook");
    await recordSecurityEvent(trx, {
      type: "webhook-deleted",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { webhookId: row.id, url: row.url },
    });
  });
}

async function presentDeliveries(ctx: AppContext, user: UserRow, rows: Awaited<ReturnType<typeof findDeliveries>>) {
  const attempts = await findAttempts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const locale = toLocale(user.locale);
  return rows.map((r) =>
    presentDelivery(
      r,
      attempts.filter((a) => a.delivery_id === r.id),
      locale,
    ),
  );
}

/** GET /api/webhooks/{id}/deliveries: the latest 50, newest first, each with its attempts. */
export async function listDeliveries(ctx: AppContext, user: UserRow, id: string): Promise<WebhookDelivery[]> {
  const row = await requireWebhook(ctx, user, id);
  return presentDeliveries(ctx, user, await findDeliveries(ctx.db, row.id, DELIVERIES_SHOWN));
}

async function deliveryAnswer(
  ctx: AppContext,
  user: UserRow,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const delivery = await findDelivery(ctx.db, webhookId, deliveryId);
  if (!delivery) throw notFound("Delivery");
  const [shown] = await presentDeliveries(ctx, user, [delivery]);
  return shown as WebhookDelivery;
}

/** POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver: the same body and webhook-id, sent again. */
export async function redeliver(
  ctx: AppContext,
  user: UserRow,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const row = await requireWebhook(ctx, user, id);
  const delivery = UUID_PATTERN.test(deliveryId) ? await findDelivery(ctx.db, row.id, deliveryId) : undefined;
  if (!delivery) throw notFound("Delivery");
  if (!(await requeueDelivery(ctx.db, delivery.id, Date.now()))) throw conflict(DELIVERY_IN_FLIGHT);
  ctx.webhooks.wake();
  return deliveryAnswer(ctx, user, row.id, delivery.id);
}

/** POST /api/webhooks/{id}/test: a `webhook.test` delivery, queued now. */
export async function sendTest(ctx: AppContext, user: UserRow, id: string): Promise<WebhookDelivery> {
  const row = await requireWebhook(ctx, user, id);
  const now = Date.now();
  const deliveryId = newId();
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: new Date(now).toISOString(),
    data: { webhookId: row.id, message: "A test delivery from SiteSnag: your endpoint is reachable." },
  });
  await insertDeliveries(ctx.db, [
    {
      id: deliveryId,
      webhook_id: row.id,
      workspace_id: row.workspace_id,
      type: WEBHOOK_TEST_EVENT,
      event_id: null,
      payload,
      state: "pending",
      attempts: 0,
      queued_at: now,
      next_attempt_at: now,
      lease_owner: null,
      lease_until: null,
      created_at: now,
      delivered_at: null,
    },
  ]);
  ctx.webhooks.wake();
  return deliveryAnswer(ctx, user, row.id, deliveryId);
}
