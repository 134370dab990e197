// Kysely queries of webhooks (issue 38, decision 0073): the endpoints, their deliveries and each
// delivery's attempts. Claims are one conditional UPDATE with `for update skip locked` on
// PostgreSQL (several instances take different rows at once); SQLite has one writer.
import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { DbKind } from "../db/database";
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhooksTable,
} from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findWebhooks = (db: Q, workspaceId: string) =>
  db
    .selectFrom("webhooks as w")
    .leftJoin("users as u", "u.id", "w.created_by")
    .selectAll("w")
    .select(["u.first_name as creator_first_name", "u.last_name as creator_last_name"])
    .where("w.workspace_id", "=", workspaceId)
    .orderBy("w.created_at", "desc")
    .orderBy("w.id", "desc")
    .execute();
export type WebhookListRow = Awaited<ReturnType<typeof findWebhooks>>[number];

export const findWebhook = (db: Q, workspaceId: string, id: string) =>
  db
    .selectFrom("webhooks as w")
    .leftJoin("users as u", "u.id", "w.created_by")
    .selectAll("w")
    .select(["u.first_name as creator_first_name", "u.last_name as creator_last_name"])
    .where("w.workspace_id", "=", workspaceId)
    .where("w.id", "=", id)
    .executeTakeFirst();

export async function countWebhooks(db: Q, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const insertWebhook = (db: Q, row: Insertable<WebhooksTable>) => db.insertInto("webhooks").values(row).execute();

export const updateWebhook = (db: Q, id: string, changes: Updateable<WebhooksTable>) =>
  db.updateTable("webhooks").set(changes).where("id", "=", id).execute();

export async function deleteWebhook(db: Q, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("webhooks")
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Enabled endpoints of these workspaces (the dispatcher's fan-out). */
export const findEnabledWebhooks = (db: Q, workspaceIds: readonly string[]) =>
  db
    .selectFrom("webhooks")
    .select(["id", "workspace_id", "events", "created_at"])
    .where("workspace_id", "in", [...workspaceIds])
    .where("disabled_at", "is", null)
    .execute();

export const findWebhookForSending = (db: Q, id: string) =>
  db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();

/** The workspace's first owner: whom a switched-off endpoint is told to, and whose view `data` shows. */
export const findWorkspaceOwner = (db: Q, workspaceId: string) =>
  db
    .selectFrom("users")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("workspace_role", "=", "owner")
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();

// ---- Live events → deliveries (the dispatcher) ----

/** Whether a live event waits for the dispatcher (a cheap look before a write transaction). */
export const hasUnclaimedEvents = async (db: Q): Promise<boolean> =>
  (await db
    .selectFrom("live_events")
    .select("id")
    .where("webhooks_claimed_at", "is", null)
    .limit(1)
    .executeTakeFirst()) !== undefined;

/** Marks up to `limit` events claimed for webhooks and answers them, oldest first. */
export async function claimEventsForWebhooks(db: Transaction<Database>, kind: DbKind, now: number, limit: number) {
  const rows = await db
    .updateTable("live_events")
    .set({ webhooks_claimed_at: now })
    .where("id", "in", (eb) => {
      const pick = eb
        .selectFrom("live_events")
        .select("id")
        .where("webhooks_claimed_at", "is", null)
        .orderBy("id")
        .limit(limit);
      return kind === "postgres" ? pick.forUpdate().skipLocked() : pick;
    })
    .returning(["id", "workspace_id", "type", "subject_id", "data", "created_at"])
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) })).sort((a, b) => a.id - b.id);
}
export type ClaimedEvent = Awaited<ReturnType<typeof claimEventsForWebhooks>>[number];

export const insertDeliveries = (db: Q, rows: Insertable<WebhookDeliveriesTable>[]) =>
  db.insertInto("webhook_deliveries").values(rows).execute();

// ---- Deliveries (the worker) ----

/**
 * Leases up to `limit` due deliveries to `owner` until `leaseUntil`, skipping the endpoints in
 * `busy` (already sending as much as this instance lets one endpoint).
 */
export async function claimDueDeliveries(
  db: Q,
  kind: DbKind,
  claim: { owner: string; now: number; leaseUntil: number; limit: number; busy: readonly string[] },
): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .updateTable("webhook_deliveries")
    .set({ lease_owner: claim.owner, lease_until: claim.leaseUntil })
    .where("id", "in", (eb) => {
      let pick = eb
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("state", "=", "pending")
        .where("next_attempt_at", "<=", claim.now)
        .where((w) => w.or([w("lease_until", "is", null), w("lease_until", "<", claim.now)]));
      if (claim.busy.length > 0) pick = pick.where("webhook_id", "not in", [...claim.busy]);
      pick = pick.orderBy("next_attempt_at").orderBy("id").limit(claim.limit);
      return kind === "postgres" ? pick.forUpdate().skipLocked() : pick;
    })
    .returningAll()
    .execute();
  return rows.map((r) => ({
    ...r,
    attempts: Number(r.attempts),
    next_attempt_at: Number(r.next_attempt_at),
    queued_at: Number(r.queued_at),
    created_at: Number(r.created_at),
  }));
}

export const insertAttempt = (db: Q, row: WebhookAttemptsTable) =>
  db.insertInto("webhook_attempts").values(row).execute();

/** Records the end of an attempt, if this owner still holds the lease. */
export async function finishAttempt(
  db: Q,
  id: string,
  owner: string,
  outcome: { state: "pending" | "delivered" | "failed"; nextAttemptAt: number; deliveredAt: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      state: outcome.state,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: outcome.nextAttemptAt,
      delivered_at: outcome.deliveredAt,
      lease_owner: null,
      lease_until: null,
    }))
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An endpoint switched off: what still waits for it will not be tried (each can be redelivered). */
export const failPendingDeliveries = (db: Q, webhookId: string) =>
  db
    .updateTable("webhook_deliveries")
    .set({ state: "failed" })
    .where("webhook_id", "=", webhookId)
    .where("state", "=", "pending")
    .where("lease_owner", "is", null)
    .execute();

export const findDeliveries = (db: Q, webhookId: string, limit: number) =>
  db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();

export const findDelivery = (db: Q, webhookId: string, id: string) =>
  db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", webhookId)
    .where("id", "=", id)
    .executeTakeFirst();

export const findAttempts = (db: Q, deliveryIds: readonly string[]) =>
  deliveryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("webhook_attempts")
        .selectAll()
        .where("delivery_id", "in", [...deliveryIds])
        .orderBy("at")
        .orderBy("id")
        .execute();

/** Queues a delivery again now (a redelivery): its three days of retries start over. */
export async function requeueDelivery(db: Q, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("webhook_deliveries")
    .set({ state: "pending", next_attempt_at: now, queued_at: now })
    .where("id", "=", id)
    .where("lease_owner", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Finished deliveries older than `before` (ms) go, with their attempts. */
export async function pruneDeliveries(db: Q, before: number): Promise<number> {
  const result = await db
    .deleteFrom("webhook_deliveries")
    .where("state", "in", ["delivered", "failed"])
    .where("created_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
