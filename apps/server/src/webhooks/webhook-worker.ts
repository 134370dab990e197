// The webhook worker, on every instance (issue 38, decision 0073). Guarantees:
// - Never in the request path: changes only write live events (events.writer.ts); the dispatcher
//   (webhook-dispatcher.ts) turns committed ones into delivery rows, and this sends them.
// - Never lost: a delivery row exists from the moment its event is claimed until it is delivered,
//   given up after about three days of retries, or its endpoint is deleted.
// - Once across instances: a delivery is leased by one conditional UPDATE (`for update skip
//   locked` on PostgreSQL) for longer than an attempt can take (10 s deadline), and its outcome is
//   written only by the lease's holder. An instance dying mid-attempt leaves the lease to expire and
//   the delivery is tried again: at least once then, with the same webhook-id for receivers to
//   deduplicate (as Standard Webhooks expects).
// - Retries: exponential back-off with ±20 % jitter (30 s doubling to 12 h) until three days after
//   the delivery was queued; 410 Gone switches the endpoint off at once; an endpoint that has
//   failed every attempt for three days is switched off too, and the workspace owner is mailed.
// - Fairness: at most PER_ENDPOINT attempts in flight per endpoint on an instance, WEBHOOKS_CONCURRENCY
//   (16) in all, so a slow endpoint cannot hold up the others; endpoints are claimed for in turn.
// - A light neighbour to the API (decision 0079): the worker's database work is one thing at a time
//   (at most one pooled connection), claims are made per round for every free slot in one
//   transaction, the outcomes of a round's attempts are written together in one transaction, and
//   the worker pauses between rounds, so requests keep the event loop and the pool.
import type { FastifyBaseLogger } from "fastify";
import type { Transaction } from "kysely";
import type { SecretBox } from "../auth/secret-box";
import type { Config } from "../config";
import type { Db, DbKind } from "../db/database";
import type { Database, WebhookDeliveryRow, WebhookRow } from "../db/schema";
import { onLiveEventsWritten } from "../events/events.writer";
import { newId } from "../ids";
import type { Mailer } from "../mail/mailer";
import { nowSeconds } from "../time";
import { dispatchEvents } from "./webhook-dispatcher";
import { queueWebhookDisabledMail } from "./webhook-mail";
import { openWebhookSecret } from "./webhook-secret";
import { type AttemptResult, createSender, SEND_TIMEOUT_MS, type Sender } from "./webhook-sender";
import {
  type AttemptOutcome,
  claimEndpointDeliveries,
  failPendingDeliveries,
  findEndpointsWithDueDeliveries,
  findWebhooksByIds,
  finishAttempts,
  insertAttempts,
  pruneDeliveries,
  releaseLeases,
  updateWebhook,
} from "./webhooks.repository";

export type WebhookWorkerDeps = {
  db: Db;
  dbKind: DbKind;
  config: Pick<Config, "webhooksAllowPrivate" | "mail"> & Partial<Pick<Config, "webhooksConcurrency">>;
  secrets: SecretBox;
  mail: Mailer;
  log: FastifyBaseLogger;
};

const POLL_MS = 1_000;
/**
 * Between two busy rounds while the process is otherwise idle; up to ROUND_PAUSE_MAX_MS as its event
 * loop gets busier (requests keep the loop and the pool; the worker catches up afterwards).
 */
const ROUND_PAUSE_MS = 50;
const ROUND_PAUSE_MAX_MS = 500;
const LEASE_MS = SEND_TIMEOUT_MS * 6;
const PER_ENDPOINT = 4;
/** Deliveries one endpoint may have leased on an instance: each of its PER_ENDPOINT lanes holds this many. */
const LANE_DEPTH = 4;
/** A leased delivery is sent only while its lease outlasts a whole attempt by this much. */
const LEASE_MARGIN_MS = 5_000;
export const DEFAULT_CONCURRENCY = 16;
/**
 * On SQLite (better-sqlite3: the server's own thread, one connection that every request waits for
 * while a transaction is open) a round writes at most this many outcomes per transaction, yielding
 * to the event loop between two, and leases at most this many deliveries (decision 0079).
 */
const SQLITE_PER_TRANSACTION = 16;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Outcomes written per statement (each outcome is a handful of parameters). */
const OUTCOMES_PER_STATEMENT = 200;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 12 * 3600_000;
/** Retries stop this long after a delivery was queued (or redelivered). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** An endpoint that has failed every attempt this long (and at least DISABLE_AFTER_FAILURES times) is switched off. */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 3600_000;
const DISABLE_AFTER_FAILURES = 10;
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;

/** The wait after the `attempt`-th failed attempt: 30 s doubling to 12 h, ±20 %. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An attempt made, its outcome not yet written (the lease still covers it). */
type Finished = { row: WebhookDeliveryRow; result: AttemptResult; at: number };

/** An endpoint this instance holds leased deliveries of: sent by up to PER_ENDPOINT lanes. */
type Endpoint = { webhook: WebhookRow; secret: string | null; queue: WebhookDeliveryRow[]; active: number };

export class WebhookWorker {
  private readonly owner = newId();
  private readonly sender: Sender;
  private readonly concurrency: number;
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly running = new Set<Promise<void>>();
  private finished: Finished[] = [];
  /** Attempts in flight on this instance. */
  private total = 0;
  /** Leased deliveries held here, in flight or waiting for a lane. */
  private held = 0;
  private started = 0;
  /** The last endpoint claimed for: the next round starts after it (each endpoint in turn). */
  private cursor: string | null = null;
  /** The worker's database work, one piece at a time (one pooled connection at most). */
  private exclusive: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private dispatchWanted = true;
  private stopped = true;
  /** Stopped for good (shutdown): nothing more is leased or started. */
  private closed = false;
  private lastPrune = 0;
  private utilisation = performance.eventLoopUtilization();

  constructor(private readonly deps: WebhookWorkerDeps) {
    this.sender = createSender({ allowPrivate: deps.config.webhooksAllowPrivate });
    this.concurrency = deps.config.webhooksConcurrency ?? DEFAULT_CONCURRENCY;
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.dispatchWanted = true;
    // A change written here: its event commits a moment later, so the dispatcher looks shortly after.
    this.unsubscribe = onLiveEventsWritten(() => {
      if (this.soon) return;
      this.soon = setTimeout(() => {
        this.soon = undefined;
        this.dispatchWanted = true;
        this.wake();
      }, 50);
      this.soon.unref();
    });
    // Other instances' changes and retries falling due are found by polling.
    this.timer = setInterval(() => {
      this.dispatchWanted = true;
      this.wake();
    }, POLL_MS);
    this.timer.unref();
    this.loop = this.run();
  }

  /**
   * Stops claiming, lets the attempts in flight finish (graceful shutdown never cuts one in half)
   * and writes their outcomes, so none is sent again by another instance. Deliveries leased but not
   * started are given back.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.unsubscribe?.();
    this.wake();
    await this.loop;
    this.loop = undefined;
    const unsent: string[] = [];
    for (const endpoint of this.endpoints.values()) {
      unsent.push(...endpoint.queue.map((row) => row.id));
      this.held -= endpoint.queue.length;
      endpoint.queue = [];
    }
    // Leased here but not started: given back, so another instance sends them now rather than
    // after the lease lapses.
    await this.serially(() => releaseLeases(this.deps.db, this.owner, unsent)).catch((err: unknown) =>
      this.deps.log.warn({ err }, "webhooks: leases could not be given back at shutdown; they lapse within a minute"),
    );
    await this.drained();
    await this.exchange(false).catch((err: unknown) =>
      this.deps.log.warn({ err }, "webhooks: outcomes could not be written at shutdown; their lease lapses"),
    );
    this.sender.close();
  }

  /** Soon: a change was written here, or a delivery queued (its transaction commits a moment later). */
  wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = undefined;
    wakeUp?.();
  }

  /** Claims events into deliveries. Public so tests and the bench can drive it. */
  dispatch(): Promise<number> {
    return this.serially(() => dispatchEvents(this.deps));
  }

  /**
   * Dispatches, then sends everything due now and waits for it, outcomes written; answers how many
   * attempts were made. Safe to run on several instances at once.
   */
  async deliverDue(): Promise<number> {
    await this.dispatch();
    const before = this.started;
    for (;;) {
      const claimed = await this.exchange(true);
      await this.drained();
      if (claimed === 0) {
        await this.exchange(false);
        return this.started - before;
      }
    }
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.exclusive.then(work, work);
    this.exclusive = next.catch(() => undefined);
    return next;
  }

  /** Until nothing is in flight or waiting for a lane here. */
  private async drained(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let busy = false;
      try {
        busy = await this.round();
      } catch (err) {
        this.deps.log.warn({ err }, "webhooks: a delivery round failed; the next one retries");
      }
      if (this.stopped) return;
      if (busy) await new Promise((resolve) => setTimeout(resolve, this.pauseMs()));
      else
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          if (this.finished.length > 0 || this.dispatchWanted) this.wake();
        });
    }
  }

  /** The pause before the next busy round: longer the busier this process's event loop has been since the last. */
  private pauseMs(): number {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.utilisation).utilization;
    this.utilisation = now;
    if (busy <= 0.5) return ROUND_PAUSE_MS;
    return Math.round(ROUND_PAUSE_MS + ((busy - 0.5) / 0.5) * (ROUND_PAUSE_MAX_MS - ROUND_PAUSE_MS));
  }

  /** One round: new events into deliveries, then finished attempts written and free room claimed, together. */
  private async round(): Promise<boolean> {
    let busy = false;
    if (this.dispatchWanted) {
      this.dispatchWanted = false;
      if ((await this.dispatch()) > 0) busy = true;
    }
    if ((await this.exchange(true)) > 0) busy = true;
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.serially(() => pruneDeliveries(this.deps.db, Date.now() - KEEP_FINISHED_MS));
    }
    // Deliveries still held finish into `finished`: the next round writes them.
    return busy || this.held > 0 || this.finished.length > 0;
  }

  /**
   * One transaction: the outcomes of the attempts finished so far, then (when `claim`) due
   * deliveries leased into the free room, endpoint by endpoint in turn, each endpoint up to
   * PER_ENDPOINT × LANE_DEPTH held here. Starts what the lanes can take; answers how many were leased.
   */
  private async exchange(claim: boolean): Promise<number> {
    const { db, dbKind } = this.deps;
    const sqlite = dbKind === "sqlite";
    let batch = this.finished;
    this.finished = [];
    let room = claim && !this.closed ? this.concurrency * LANE_DEPTH - this.held : 0;
    if (sqlite) room = Math.min(room, SQLITE_PER_TRANSACTION);
    if (batch.length === 0 && room <= 0) return 0;
    // SQLite: all but the last few outcomes in short transactions of their own first.
    while (sqlite && batch.length > SQLITE_PER_TRANSACTION) {
      const part = batch.slice(0, SQLITE_PER_TRANSACTION);
      const rest = batch.slice(SQLITE_PER_TRANSACTION);
      let off: { webhookId: string; reason: "gone" | "failing" }[];
      try {
        off = await this.serially(() => db.transaction().execute((trx) => this.writeOutcomes(trx, part)));
      } catch (err) {
        this.finished = batch.concat(this.finished);
        throw err;
      }
      batch = rest;
      this.dropSwitchedOff(off);
      await yieldToRequests();
    }
    const switchedOff: { webhookId: string; reason: "gone" | "failing" }[] = [];
    let claimed: { webhook: WebhookRow; rows: WebhookDeliveryRow[] }[];
    try {
      claimed = await this.serially(() =>
        db.transaction().execute(async (trx) => {
          switchedOff.length = 0;
          if (batch.length > 0) switchedOff.push(...(await this.writeOutcomes(trx, batch)));
          if (room <= 0) return [];
          const now = Date.now();
          const full = PER_ENDPOINT * LANE_DEPTH;
          const busy = [...this.endpoints].filter(([, e]) => e.queue.length + e.active >= full).map(([id]) => id);
          let found = await findEndpointsWithDueDeliveries(trx, { now, busy, after: this.cursor, limit: room });
          if (found.length < room && this.cursor !== null) {
            // Round the circle: the endpoints before the cursor, those already found left out.
            const seen = new Set(found.map((e) => e.id));
            const before = await findEndpointsWithDueDeliveries(trx, { now, busy, after: null, limit: room });
            found = found.concat(before.filter((e) => !seen.has(e.id)).slice(0, room - found.length));
          }
          const out: { webhook: WebhookRow; rows: WebhookDeliveryRow[] }[] = [];
          let left = room;
          for (const webhook of found) {
            if (left <= 0) break;
            const mine = this.endpoints.get(webhook.id);
            const limit = Math.min(left, full - (mine ? mine.queue.length + mine.active : 0));
            if (limit <= 0) continue;
            const rows = await claimEndpointDeliveries(trx, dbKind, {
              webhookId: webhook.id,
              owner: this.owner,
              now,
              leaseUntil: now + LEASE_MS,
              limit,
            });
            left -= rows.length;
            if (rows.length > 0) out.push({ webhook, rows });
            this.cursor = webhook.id;
          }
          return out;
        }),
      );
    } catch (err) {
      // Written next round (the leases last a minute; an outcome whose lease lapsed and was taken
      // over is skipped then).
      this.finished = batch.concat(this.finished);
      throw err;
    }
    this.dropSwitchedOff(switchedOff);
    let leased = 0;
    for (const { webhook, rows } of claimed) {
      let endpoint = this.endpoints.get(webhook.id);
      if (!endpoint) {
        endpoint = { webhook, secret: null, queue: [], active: 0 };
        this.endpoints.set(webhook.id, endpoint);
      }
      // The endpoint as it is now (URL, secret), read once per round rather than per attempt.
      endpoint.webhook = webhook;
      endpoint.secret = openWebhookSecret(this.deps.secrets, webhook.secret_encrypted);
      endpoint.queue.push(...rows);
      this.held += rows.length;
      leased += rows.length;
    }
    this.pump();
    return leased;
  }

  /** Endpoints switched off: what waited here for them is not sent (failed with the rest, redeliverable). */
  private dropSwitchedOff(switchedOff: readonly { webhookId: string; reason: "gone" | "failing" }[]): void {
    for (const { webhookId, reason } of switchedOff) {
      this.deps.log.warn({ webhookId, reason }, "webhooks: an endpoint was switched off");
      const endpoint = this.endpoints.get(webhookId);
      if (endpoint) {
        this.held -= endpoint.queue.length;
        endpoint.queue = [];
      }
    }
  }

  /** Starts waiting deliveries on free lanes: up to PER_ENDPOINT per endpoint, the instance's concurrency in all. */
  private pump(): void {
    for (const endpoint of this.endpoints.values()) {
      while (endpoint.queue.length > 0 && endpoint.active < PER_ENDPOINT && this.total < this.concurrency) {
        const row = endpoint.queue.shift() as WebhookDeliveryRow;
        // Its lease must outlast the attempt, or another instance could take it over meanwhile:
        // left to lapse instead (claimed again, here or elsewhere).
        if (Number(row.lease_until) - Date.now() < SEND_TIMEOUT_MS + LEASE_MARGIN_MS) {
          this.held--;
          continue;
        }
        this.send(endpoint, row);
      }
      if (endpoint.queue.length === 0 && endpoint.active === 0) this.endpoints.delete(endpoint.webhook.id);
    }
  }

  private send(endpoint: Endpoint, row: WebhookDeliveryRow): void {
    this.total++;
    this.started++;
    endpoint.active++;
    const { webhook, secret } = endpoint;
    const attempt = (async () => {
      const result: AttemptResult = secret
        ? await this.sender.send({ url: webhook.url, secret, id: row.id, body: row.payload })
        : {
            statusCode: null,
            durationMs: 0,
            response: "",
            error: "The signing secret cannot be read (the encryption key changed)",
          };
      this.finished.push({ row, result, at: Date.now() });
    })()
      .catch((err: unknown) => this.deps.log.warn({ err, deliveryId: row.id }, "webhooks: an attempt failed"))
      .finally(() => {
        this.total--;
        this.held--;
        endpoint.active--;
        this.running.delete(attempt);
        if (!this.closed) this.pump();
        else if (endpoint.queue.length === 0 && endpoint.active === 0) this.endpoints.delete(webhook.id);
        this.wake();
      });
    this.running.add(attempt);
  }

  /**
   * Writes the outcomes of finished attempts: each delivery's state and next attempt (only where
   * this instance still holds the lease), one row per attempt, and each endpoint's failure count,
   * switching it off (and mailing the owner) on 410 Gone or after three days of failures. Answers
   * the endpoints switched off.
   */
  private async writeOutcomes(
    trx: Transaction<Database>,
    batch: readonly Finished[],
  ): Promise<{ webhookId: string; reason: "gone" | "failing" }[]> {
    const switchedOff: { webhookId: string; reason: "gone" | "failing" }[] = [];
    const judged = batch.map(({ row, result, at }) => {
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const gone = result.statusCode === 410;
      const giveUp = !ok && (gone || at - row.queued_at >= GIVE_UP_AFTER_MS);
      const outcome: AttemptOutcome = {
        id: row.id,
        state: ok ? "delivered" : giveUp ? "failed" : "pending",
        nextAttemptAt: ok || giveUp ? at : at + retryDelayMs(row.attempts + 1),
        deliveredAt: ok ? at : null,
      };
      return { row, result, at, ok, gone, outcome };
    });
    const mine = new Set<string>();
    for (let i = 0; i < judged.length; i += OUTCOMES_PER_STATEMENT) {
      const part = judged.slice(i, i + OUTCOMES_PER_STATEMENT).map((j) => j.outcome);
      for (const id of await finishAttempts(trx, this.owner, part)) mine.add(id);
    }
    // An outcome not recorded: the lease ran out and another instance took the delivery over.
    const kept = judged.filter((j) => mine.has(j.row.id));
    for (let i = 0; i < kept.length; i += 100)
      await insertAttempts(
        trx,
        kept.slice(i, i + 100).map(({ row, result, at, ok }) => ({
          id: newId(),
          delivery_id: row.id,
          at,
          status_code: result.statusCode,
          duration_ms: result.durationMs,
          response: result.response,
          error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
        })),
      );
    const endpoints = await findWebhooksByIds(trx, [...new Set(kept.map((j) => j.row.webhook_id))]);
    for (const current of endpoints) {
      // This endpoint's attempts in the order they finished, as one after the other.
      const before = current.failing_since === null ? null : Number(current.failing_since);
      let failingSince = before;
      let failures = Number(current.consecutive_failures);
      let disable: "gone" | "failing" | null = null;
      for (const j of kept) {
        if (j.row.webhook_id !== current.id) continue;
        if (j.ok) {
          failingSince = null;
          failures = 0;
          continue;
        }
        failingSince ??= nowSeconds();
        failures += 1;
        const failingLong =
          failures >= DISABLE_AFTER_FAILURES && nowSeconds() - failingSince >= DISABLE_AFTER_FAILING_MS / 1000;
        if (current.disabled_at === null && !disable && (j.gone || failingLong)) disable = j.gone ? "gone" : "failing";
      }
      if (failingSince === before && failures === Number(current.consecutive_failures) && !disable) continue;
      await updateWebhook(trx, current.id, {
        failing_since: failingSince,
        consecutive_failures: failures,
        ...(disable ? { disabled_at: nowSeconds(), disabled_reason: disable, updated_at: nowSeconds() } : {}),
      });
      if (disable) {
        const waiting = this.endpoints.get(current.id)?.queue.map((r) => r.id) ?? [];
        await failPendingDeliveries(trx, current.id, { owner: this.owner, ids: waiting });
        await queueWebhookDisabledMail(this.deps, trx, current, disable);
        switchedOff.push({ webhookId: current.id, reason: disable });
      }
    }
    return switchedOff;
  }
}
