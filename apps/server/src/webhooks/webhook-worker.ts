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
import type { SecretBox } from "../auth/secret-box";
import type { Config } from "../config";
import type { Db, DbKind } from "../db/database";
import type { WebhookDeliveryRow, WebhookRow } from "../db/schema";
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
/** Between two busy rounds: the event loop and the pool are the API's meanwhile, and outcomes gather. */
const ROUND_PAUSE_MS = 25;
const LEASE_MS = SEND_TIMEOUT_MS * 6;
const PER_ENDPOINT = 4;
export const DEFAULT_CONCURRENCY = 16;
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

export class WebhookWorker {
  private readonly owner = newId();
  private readonly sender: Sender;
  private readonly concurrency: number;
  /** Attempts in flight per endpoint, on this instance. */
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private finished: Finished[] = [];
  private total = 0;
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
  private lastPrune = 0;

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
   * Stops claiming, waits for the attempts in flight (graceful shutdown never cuts one in half) and
   * writes their outcomes, so none is sent again by another instance.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.soon);
    this.unsubscribe?.();
    this.wake();
    await this.loop;
    this.loop = undefined;
    await Promise.all([...this.running]);
    await this.flush().catch((err: unknown) =>
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
    let attempts = 0;
    for (;;) {
      const started = await this.claimRound();
      attempts += started;
      await Promise.all([...this.running]);
      await this.flush();
      if (started === 0) return attempts;
    }
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.exclusive.then(work, work);
    this.exclusive = next.catch(() => undefined);
    return next;
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
      if (busy) await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
      else
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          // Attempts finishing meanwhile wake it too (their outcomes to write, their slots to fill).
          if (this.finished.length > 0 || this.dispatchWanted) this.wake();
        });
    }
  }

  /** One round: new events into deliveries, finished attempts written, free slots filled. */
  private async round(): Promise<boolean> {
    let busy = false;
    if (this.dispatchWanted) {
      this.dispatchWanted = false;
      if ((await this.dispatch()) > 0) busy = true;
    }
    if (this.finished.length > 0) {
      await this.flush();
      busy = true;
    }
    if ((await this.claimRound()) > 0) busy = true;
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      await this.serially(() => pruneDeliveries(this.deps.db, Date.now() - KEEP_FINISHED_MS));
    }
    // Attempts still in flight finish into `finished`: the next round writes them.
    return busy || this.total > 0;
  }

  /**
   * Leases due deliveries into the free slots, endpoint by endpoint in turn (each up to
   * PER_ENDPOINT in flight), in one transaction, and starts their attempts; answers how many.
   */
  private async claimRound(): Promise<number> {
    if (this.stopped && this.loop) return 0;
    const free = this.concurrency - this.total;
    if (free <= 0) return 0;
    const { db, dbKind } = this.deps;
    const claimed = await this.serially(() =>
      db.transaction().execute(async (trx) => {
        const now = Date.now();
        const busy = [...this.inFlight].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id);
        let endpoints = await findEndpointsWithDueDeliveries(trx, { now, busy, after: this.cursor, limit: free });
        if (endpoints.length < free && this.cursor !== null) {
          // Round the circle: the endpoints before the cursor, those already found left out.
          const seen = new Set(endpoints.map((e) => e.id));
          const before = await findEndpointsWithDueDeliveries(trx, { now, busy, after: null, limit: free });
          endpoints = endpoints.concat(before.filter((e) => !seen.has(e.id)).slice(0, free - endpoints.length));
        }
        const out: { webhook: WebhookRow; rows: WebhookDeliveryRow[] }[] = [];
        let left = free;
        for (const webhook of endpoints) {
          if (left <= 0) break;
          const limit = Math.min(left, PER_ENDPOINT - (this.inFlight.get(webhook.id) ?? 0));
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
    let started = 0;
    for (const { webhook, rows } of claimed) {
      // Opened once per endpoint and round, not per attempt.
      const secret = openWebhookSecret(this.deps.secrets, webhook.secret_encrypted);
      for (const row of rows) {
        started++;
        this.start1(webhook, secret, row);
      }
    }
    return started;
  }

  private start1(webhook: WebhookRow, secret: string | null, row: WebhookDeliveryRow): void {
    this.total++;
    this.inFlight.set(webhook.id, (this.inFlight.get(webhook.id) ?? 0) + 1);
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
        const left = (this.inFlight.get(webhook.id) ?? 1) - 1;
        if (left <= 0) this.inFlight.delete(webhook.id);
        else this.inFlight.set(webhook.id, left);
        this.running.delete(attempt);
        this.wake();
      });
    this.running.add(attempt);
  }

  /**
   * Writes the outcomes of the attempts finished so far in one transaction: each delivery's state
   * and next attempt (only where this instance still holds the lease), one row per attempt, and
   * each endpoint's failure count, switching it off (and mailing the owner) on 410 Gone or after
   * three days of failures. On an error the outcomes stay queued for the next round.
   */
  private async flush(): Promise<void> {
    if (this.finished.length === 0) return;
    const batch = this.finished;
    this.finished = [];
    const switchedOff: { webhookId: string; reason: "gone" | "failing" }[] = [];
    try {
      await this.serially(() =>
        this.deps.db.transaction().execute(async (trx) => {
          switchedOff.length = 0;
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
            let failingSince = current.failing_since === null ? null : Number(current.failing_since);
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
              if (current.disabled_at === null && !disable && (j.gone || failingLong))
                disable = j.gone ? "gone" : "failing";
            }
            const unchanged =
              failingSince === (current.failing_since === null ? null : Number(current.failing_since)) &&
              failures === Number(current.consecutive_failures);
            if (unchanged && !disable) continue;
            await updateWebhook(trx, current.id, {
              failing_since: failingSince,
              consecutive_failures: failures,
              ...(disable ? { disabled_at: nowSeconds(), disabled_reason: disable, updated_at: nowSeconds() } : {}),
            });
            if (disable) {
              await failPendingDeliveries(trx, current.id);
              await queueWebhookDisabledMail(this.deps, trx, current, disable);
              switchedOff.push({ webhookId: current.id, reason: disable });
            }
          }
        }),
      );
    } catch (err) {
      // Written next round (the leases last a minute; an outcome whose lease lapsed and was taken
      // over is skipped then).
      this.finished = batch.concat(this.finished);
      throw err;
    }
    for (const { webhookId, reason } of switchedOff)
      this.deps.log.warn({ webhookId, reason }, "webhooks: an endpoint was switched off");
  }
}
