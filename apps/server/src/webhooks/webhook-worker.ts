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
// - Fairness: at most PER_ENDPOINT attempts in flight per endpoint on an instance, MAX_IN_FLIGHT in
//   all, so a slow endpoint cannot hold up the others.
import type { FastifyBaseLogger } from "fastify";
import type { SecretBox } from "../auth/secret-box";
import type { Config } from "../config";
import type { Db, DbKind } from "../db/database";
import type { WebhookDeliveryRow } from "../db/schema";
import { onLiveEventsWritten } from "../events/events.writer";
import { newId } from "../ids";
import type { Mailer } from "../mail/mailer";
import { nowSeconds } from "../time";
import { dispatchEvents } from "./webhook-dispatcher";
import { queueWebhookDisabledMail } from "./webhook-mail";
import { openWebhookSecret } from "./webhook-secret";
import { type AttemptResult, createSender, SEND_TIMEOUT_MS, type Sender } from "./webhook-sender";
import {
  claimDueDeliveries,
  failPendingDeliveries,
  findWebhookForSending,
  finishAttempt,
  insertAttempt,
  pruneDeliveries,
  updateWebhook,
} from "./webhooks.repository";

export type WebhookWorkerDeps = {
  db: Db;
  dbKind: DbKind;
  config: Pick<Config, "webhooksAllowPrivate" | "mail">;
  secrets: SecretBox;
  mail: Mailer;
  log: FastifyBaseLogger;
};

const POLL_MS = 1_000;
const LEASE_MS = SEND_TIMEOUT_MS * 6;
const PER_ENDPOINT = 4;
const MAX_IN_FLIGHT = 16;
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

export class WebhookWorker {
  private readonly owner = newId();
  private readonly sender: Sender;
  private readonly inFlight = new Map<string, number>();
  private readonly running = new Set<Promise<void>>();
  private total = 0;
  private timer: NodeJS.Timeout | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPrune = 0;

  constructor(private readonly deps: WebhookWorkerDeps) {
    this.sender = createSender({ allowPrivate: deps.config.webhooksAllowPrivate });
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = onLiveEventsWritten(() => this.wake(50));
    this.timer = setInterval(() => this.tick(), POLL_MS);
    this.timer.unref();
    this.tick();
  }

  /** Stops polling and waits for the attempts in flight (graceful shutdown never cuts one in half). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.wakeTimer);
    this.unsubscribe?.();
    await this.ticking;
    await Promise.all([...this.running]);
    this.sender.close();
  }

  /** Soon: a change was written here, or a delivery queued (its transaction commits a moment later). */
  wake(ms = 20): void {
    if (this.timer === undefined || this.stopped || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.tick();
    }, ms);
    this.wakeTimer.unref();
  }

  /** Claims events into deliveries. Public so tests and the bench can drive it. */
  dispatch(): Promise<number> {
    return dispatchEvents(this.deps);
  }

  /**
   * Dispatches, then sends everything due now and waits for it; answers how many attempts were
   * made. Safe to run on several instances at once.
   */
  async deliverDue(): Promise<number> {
    await this.dispatch();
    let attempts = 0;
    for (;;) {
      const started = await this.fill();
      attempts += started;
      await Promise.all([...this.running]);
      if (started === 0) return attempts;
    }
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = (async () => {
      try {
        await this.dispatch();
        await this.fill();
        if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
          this.lastPrune = Date.now();
          await pruneDeliveries(this.deps.db, Date.now() - KEEP_FINISHED_MS);
        }
      } catch (err) {
        this.deps.log.warn({ err }, "webhooks: a delivery run failed; the next one retries");
      } finally {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      }
    })();
  }

  /** Leases due deliveries into free slots and starts their attempts; answers how many started. */
  private async fill(): Promise<number> {
    let started = 0;
    while (!this.stopped && this.total < MAX_IN_FLIGHT) {
      const busy = [...this.inFlight].filter(([, n]) => n >= PER_ENDPOINT).map(([id]) => id);
      const now = Date.now();
      const rows = await claimDueDeliveries(this.deps.db, this.deps.dbKind, {
        owner: this.owner,
        now,
        leaseUntil: now + LEASE_MS,
        limit: Math.min(PER_ENDPOINT, MAX_IN_FLIGHT - this.total),
        busy,
      });
      if (rows.length === 0) break;
      for (const row of rows) {
        started++;
        this.total++;
        this.inFlight.set(row.webhook_id, (this.inFlight.get(row.webhook_id) ?? 0) + 1);
        const attempt = this.attempt(row)
          .catch((err: unknown) => this.deps.log.warn({ err, deliveryId: row.id }, "webhooks: an attempt failed"))
          .finally(() => {
            this.total--;
            const left = (this.inFlight.get(row.webhook_id) ?? 1) - 1;
            if (left <= 0) this.inFlight.delete(row.webhook_id);
            else this.inFlight.set(row.webhook_id, left);
            this.running.delete(attempt);
            this.wake();
          });
        this.running.add(attempt);
      }
    }
    return started;
  }

  private async attempt(row: WebhookDeliveryRow): Promise<void> {
    const { db } = this.deps;
    const webhook = await findWebhookForSending(db, row.webhook_id);
    if (!webhook) return; // deleted meanwhile: its deliveries went with it
    const secret = openWebhookSecret(this.deps.secrets, webhook.secret_encrypted);
    const result: AttemptResult = secret
      ? await this.sender.send({ url: webhook.url, secret, id: row.id, body: row.payload })
      : {
          statusCode: null,
          durationMs: 0,
          response: "",
          error: "The signing secret cannot be read (the encryption key changed)",
        };
    const now = Date.now();
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const attempts = row.attempts + 1;
    const giveUp = !ok && (gone || now - row.queued_at >= GIVE_UP_AFTER_MS);
    let disable: "gone" | "failing" | null = null;
    await db.transaction().execute(async (trx) => {
      const mine = await finishAttempt(trx, row.id, this.owner, {
        state: ok ? "delivered" : giveUp ? "failed" : "pending",
        nextAttemptAt: ok || giveUp ? now : now + retryDelayMs(attempts),
        deliveredAt: ok ? now : null,
      });
      if (!mine) return; // the lease ran out and another instance took the delivery over
      await insertAttempt(trx, {
        id: newId(),
        delivery_id: row.id,
        at: now,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        response: result.response,
        error: result.error ?? (ok ? null : `HTTP ${result.statusCode}`),
      });
      const current = await findWebhookForSending(trx, webhook.id);
      if (!current) return;
      if (ok) {
        if (current.failing_since !== null || Number(current.consecutive_failures) > 0)
          await updateWebhook(trx, webhook.id, { failing_since: null, consecutive_failures: 0 });
        return;
      }
      const failingSince = current.failing_since === null ? nowSeconds() : Number(current.failing_since);
      const failures = Number(current.consecutive_failures) + 1;
      const failingLong =
        failures >= DISABLE_AFTER_FAILURES && nowSeconds() - failingSince >= DISABLE_AFTER_FAILING_MS / 1000;
      if (current.disabled_at === null && (gone || failingLong)) disable = gone ? "gone" : "failing";
      await updateWebhook(trx, webhook.id, {
        failing_since: failingSince,
        consecutive_failures: failures,
        ...(disable ? { disabled_at: nowSeconds(), disabled_reason: disable, updated_at: nowSeconds() } : {}),
      });
      if (disable) {
        await failPendingDeliveries(trx, webhook.id);
        await queueWebhookDisabledMail(this.deps, trx, current, disable);
      }
    });
    if (disable)
      this.deps.log.warn({ webhookId: webhook.id, reason: disable }, "webhooks: an endpoint was switched off");
  }
}
