// Kysely queries of webhooks (issue 38, decision 0073): the endpoints, their deliveries and each
// delivery's attempts. Claims are one conditional UPDATE with `for update skip locked` on
// PostgreSQL (several instances take different rows at once); SQLite has one writer.
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import type { DbKind } from "../db/database";
import type {
  Database,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookDeliveryRow,
  WebhookRow,
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

/** Whether one of an endpoint's deliveries is due and not leased (the partial index of migration 0054). */
const dueFor = (now: number) => (eb: ExpressionBuilder<Database, "webhooks" | "webhook_deliveries">) =>
  eb.and([
    // A literal, as in the partial indexes' own WHERE, so either planner sees at once that they apply.
    eb("webhook_deliveries.state", "=", sql.lit("pending")),
    eb("webhook_deliveries.next_attempt_at", "<=", now),
    eb.or([eb("webhook_deliveries.lease_until", "is", null), eb("webhook_deliveries.lease_until", "<", now)]),
  ]);

/**
 * Up to `limit` endpoints with a delivery due now, in id order after `after` (the worker goes round
 * them in turn), leaving out `busy` (already sending as much as this instance lets one endpoint).
 * Each row is the endpoint as sending needs it (URL, sealed secret).
 */
export async function findEndpointsWithDueDeliveries(
  db: Q,
  claim: { now: number; busy: readonly string[]; after: string | null; limit: number },
): Promise<WebhookRow[]> {
  let query = db
    .selectFrom("webhooks")
    .selectAll("webhooks")
    // One index probe per endpoint that stops at its first due row (migration 0054's index), rather
    // than EXISTS, which PostgreSQL may answer by hashing every due row of every endpoint.
    .where((eb) =>
      eb(
        eb
          .selectFrom("webhook_deliveries")
          .select(sql.lit(1).as("due"))
          .whereRef("webhook_deliveries.webhook_id", "=", "webhooks.id")
          .where(dueFor(claim.now))
          .limit(1),
        "is not",
        null,
      ),
    );
  if (claim.busy.length > 0) query = query.where("webhooks.id", "not in", [...claim.busy]);
  if (claim.after !== null) query = query.where("webhooks.id", ">", claim.after);
  return query.orderBy("webhooks.id").limit(claim.limit).execute();
}

/**
 * Leases up to `limit` of one endpoint's due deliveries to `owner` until `leaseUntil`, oldest due
 * first; `for update skip locked` on PostgreSQL, so instances claiming at once take different rows.
 */
export async function claimEndpointDeliveries(
  db: Q,
  kind: DbKind,
  claim: { webhookId: string; owner: string; now: number; leaseUntil: number; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .updateTable("webhook_deliveries")
    .set({ lease_owner: claim.owner, lease_until: claim.leaseUntil })
    .where("id", "in", (eb) => {
      const pick = eb
        .selectFrom("webhook_deliveries")
        .select("webhook_deliveries.id")
        .where("webhook_deliveries.webhook_id", "=", claim.webhookId)
        .where(dueFor(claim.now))
        .orderBy("webhook_deliveries.next_attempt_at")
        .orderBy("webhook_deliveries.id")
        .limit(claim.limit);
      return kind === "postgres" ? pick.forUpdate().skipLocked() : pick;
    })
    // The lease is checked again on the row itself: on PostgreSQL a row changed since the
    // subquery's snapshot is re-read before it is updated.
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", claim.now)]))
    .returningAll()
    .execute();
  return rows
    .map((r) => ({
      ...r,
      attempts: Number(r.attempts),
      next_attempt_at: Number(r.next_attempt_at),
      queued_at: Number(r.queued_at),
      created_at: Number(r.created_at),
    }))
    .sort((a, b) => a.next_attempt_at - b.next_attempt_at || (a.id < b.id ? -1 : 1));
}

export const insertAttempts = (db: Q, rows: WebhookAttemptsTable[]) =>
  rows.length === 0 ? Promise.resolve() : db.insertInto("webhook_attempts").values(rows).execute();

export type AttemptOutcome = {
  id: string;
  state: "pending" | "delivered" | "failed";
  nextAttemptAt: number;
  deliveredAt: number | null;
};

/**
 * Records the end of several attempts in one statement, each only if this owner still holds its
 * lease; answers the ids it recorded (the others were taken over after their lease ran out).
 */
export async function finishAttempts(db: Q, owner: string, outcomes: readonly AttemptOutcome[]): Promise<string[]> {
  if (outcomes.length === 0) return [];
  const each = (value: (o: AttemptOutcome) => RawBuilder<unknown>) =>
    sql`case id ${sql.join(
      outcomes.map((o) => sql`when ${o.id} then ${value(o)}`),
      sql` `,
    )} end`;
  const rows = await db
    .updateTable("webhook_deliveries")
    .set((eb) => ({
      state: each((o) => sql`${o.state}`) as RawBuilder<AttemptOutcome["state"]>,
      attempts: eb("attempts", "+", 1),
      // Typed for PostgreSQL, which would otherwise take the parameters for text.
      next_attempt_at: each((o) => sql`cast(${o.nextAttemptAt} as bigint)`) as RawBuilder<number>,
      delivered_at: each((o) => sql`cast(${o.deliveredAt} as bigint)`) as RawBuilder<number | null>,
      lease_owner: null,
      lease_until: null,
    }))
    .where(
      "id",
      "in",
      outcomes.map((o) => o.id),
    )
    .where("lease_owner", "=", owner)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Gives back leases this owner holds but will not use (a shutdown): the rows are due again at once. */
export const releaseLeases = (db: Q, owner: string, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .updateTable("webhook_deliveries")
        .set({ lease_owner: null, lease_until: null })
        .where("id", "in", [...ids])
        .where("lease_owner", "=", owner)
        .execute()
        .then(() => undefined);

/** The endpoints as sending and judging them needs (one read for a batch of outcomes). */
export const findWebhooksByIds = (db: Q, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("webhooks")
        .selectAll()
        .where("id", "in", [...ids])
        .execute();

/**
 * An endpoint switched off: what still waits for it will not be tried (each can be redelivered) —
 * the rows nobody holds, and `held.ids`, leased by `held.owner` but not yet sent.
 */
export const failPendingDeliveries = (db: Q, webhookId: string, held?: { owner: string; ids: readonly string[] }) =>
  db
    .updateTable("webhook_deliveries")
    .set({ state: "failed", lease_owner: null, lease_until: null })
    .where("webhook_id", "=", webhookId)
    .where("state", "=", "pending")
    .where((eb) =>
      held && held.ids.length > 0
        ? eb.or([
            eb("lease_owner", "is", null),
            eb.and([eb("lease_owner", "=", held.owner), eb("id", "in", [...held.ids])]),
          ])
        : eb("lease_owner", "is", null),
    )
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
