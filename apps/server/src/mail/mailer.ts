// The mail queue (issue 26). Guarantees:
// - A message is a row in mail_outbox, written by `queueMail` (inside the caller's transaction
//   when it passes one), so it exists exactly when the change that caused it does, and a request
//   never waits for, or fails because of, a mail server.
// - A failed send stays pending with its reason and is tried again with a growing delay (30 s
//   doubling up to an hour); only after MAX_AGE_SECONDS of failures is it marked failed. Nothing is
//   deleted unsent.
// - Several instances may run `deliverDue` together: each row is leased by one conditional UPDATE
//   (mail-outbox.repository.ts leaseMessage) for longer than a send can take, so one message is
//   handed to the mail server once. (An instance that dies between the server's acceptance and
//   its own bookkeeping leaves the lease to expire and the row is sent again: at least once then,
//   with the same Message-ID.)
// - A message that names a secret (a share link's token) keeps it in the table only until it is
//   sent: marking it sent replaces the secret in the stored bodies (decision 0034).
// - `start` runs delivery every POLL_MS inside the server process; `stop` ends it and waits for the
//   send in flight, so graceful shutdown never cuts one in half.
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/schema";
import { newId } from "../ids";
import { UnsubscribeTokens } from "../notification-mail/unsubscribe-token";
import type { FileStorage } from "../storage/file-storage";
import { nowSeconds } from "../time";
import { headerText, requireSendableAddress } from "./mail-address";
import { type MailContent, renderHtml, renderText } from "./mail-layout";
import {
  deleteSentBefore,
  findDueMessageIds,
  insertOutboxMessage,
  leaseMessage,
  markAttemptFailed,
  markSent,
} from "./mail-outbox.repository";
import { createMailTransport, type MailTransport, SEND_TIMEOUT_SECONDS } from "./mail-transport";

type Q = Kysely<Database> | Transaction<Database>;

export type MailMessage = MailContent & {
  to: string;
  /** The one-click unsubscribe endpoint (List-Unsubscribe + List-Unsubscribe-Post, RFC 8058). */
  listUnsubscribeUrl?: string | undefined;
  /** The recipient's name, shown in the To header; line breaks and control characters are removed. */
  toName?: string | undefined;
  /**
   * A secret the bodies carry (a share link's token): the outbox keeps it only until the message is
   * sent, then its stored copy reads REDACTED in its place (decision 0034).
   */
  secret?: string | undefined;
  /** One file in storage attached as sent (the weekly report's PDF): the bytes never enter the outbox. */
  attachment?: { key: string; name: string } | undefined;
};

const POLL_MS = 5_000;
const BATCH = 25;
const LEASE_SECONDS = SEND_TIMEOUT_SECONDS * 4;
const FIRST_RETRY_SECONDS = 30;
const MAX_RETRY_SECONDS = 60 * 60;
const MAX_AGE_SECONDS = 3 * 24 * 60 * 60;
const KEEP_SENT_SECONDS = 30 * 24 * 60 * 60;

export const retryDelaySeconds = (attempts: number): number =>
  Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));

/** The two parts, the footer and the headers of a message, ready for the outbox. */
function outboxRow(message: MailMessage, now: number) {
  const content: MailContent = { ...message, subject: headerText(message.subject, 250) };
  return {
    id: newId(),
    to_address: requireSendableAddress(message.to.trim()),
    to_name: message.toName ? headerText(message.toName, 100) || null : null,
    subject: content.subject,
    text_body: renderText(content),
    html_body: renderHtml(content),
    reason: message.reason,
    unsubscribe_url: message.listUnsubscribeUrl ?? null,
    redact_after_send: message.secret || null,
    attachment_key: message.attachment?.key ?? null,
    attachment_name: message.attachment?.name ?? null,
    next_attempt_at: now,
    lease_owner: null,
    lease_until: null,
    last_error: null,
    last_attempt_at: null,
    created_at: now,
    sent_at: null,
  };
}

export class Mailer {
  private readonly owner = newId();
  private readonly transport: MailTransport;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private again = false;
  /** Periodic jobs that run with each tick (the notification digest adds one). */
  private readonly jobs: Array<() => Promise<void>> = [];

  /** Signs and checks the one-click unsubscribe links of notification mail. */
  readonly unsubscribeTokens: UnsubscribeTokens;

  constructor(
    private readonly db: Kysely<Database>,
    config: Config,
    private readonly log: FastifyBaseLogger,
    secret: string,
    /** Where attached files are read from when a message is sent. */
    private readonly storage?: FileStorage,
  ) {
    this.transport = createMailTransport(config, log);
    this.unsubscribeTokens = new UnsubscribeTokens(secret);
  }

  get transportKind(): MailTransport["kind"] {
    return this.transport.kind;
  }

  /**
   * Puts a message in the outbox. Pass the transaction of the change that causes it, so the two
   * commit together. Throws a 400 AppError for an address no server should be handed.
   */
  async queue(message: MailMessage, db: Q = this.db): Promise<string> {
    const row = outboxRow(message, nowSeconds());
    await insertOutboxMessage(db, row);
    this.wake();
    return row.id;
  }

  /** Sends everything due now; answers how many were sent. Safe to run on several instances at once. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const ids = await findDueMessageIds(this.db, nowSeconds(), BATCH);
      let leased = 0;
      for (const id of ids) {
        if (this.stopped) return sent;
        const now = nowSeconds();
        const row = await leaseMessage(this.db, id, this.owner, now, now + LEASE_SECONDS);
        if (!row) continue;
        leased++;
        try {
          const attachments = await this.attachmentsOf(row);
          await this.transport.send({
            attachments,
            id: row.id,
            to: { name: row.to_name ?? "", address: row.to_address },
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            headers: row.unsubscribe_url
              ? {
                  "List-Unsubscribe": `<${row.unsubscribe_url}>`,
                  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                }
              : {},
          });
          await markSent(this.db, row.id, this.owner, nowSeconds());
          sent++;
        } catch (err) {
          const failedAt = nowSeconds();
          const giveUp = failedAt - row.created_at >= MAX_AGE_SECONDS;
          const error = headerText((err as Error).message || String(err), 500);
          await markAttemptFailed(this.db, row.id, this.owner, {
            error,
            now: failedAt,
            nextAttemptAt: failedAt + retryDelaySeconds(row.attempts + 1),
            giveUp,
          });
          this.log.warn({ mailId: row.id, attempts: row.attempts + 1, giveUp, error }, "mail not sent; will retry");
        }
      }
      if (ids.length < BATCH || leased === 0) return sent;
    }
  }

  /** The row's attached file, streamed from storage; a file gone from storage fails the attempt. */
  private async attachmentsOf(row: { attachment_key: string | null; attachment_name: string | null }) {
    if (!row.attachment_key) return [];
    const content = await this.storage?.get(row.attachment_key);
    if (!content) throw new Error(`attachment ${row.attachment_key} is not in storage`);
    return [{ filename: row.attachment_name ?? "attachment", content }];
  }

  /** Adds a job run on every tick (after delivery), e.g. the daily digest's check. */
  addJob(job: () => Promise<void>): void {
    this.jobs.push(job);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.tick(), POLL_MS);
    this.timer.unref();
    this.tick();
  }

  /** Ends the schedule and waits for the delivery in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.wakeTimer);
    await this.running;
    this.transport.close();
  }

  /** Removes messages sent over 30 days ago, and the attached files no message still carries. */
  async removeOldSent(now = nowSeconds()): Promise<void> {
    const files = await deleteSentBefore(this.db, now - KEEP_SENT_SECONDS);
    if (files.length > 0 && this.storage) await this.storage.delete(files);
  }

  /** Soon after a message is queued (its transaction has likely committed by then), deliver. */
  private wake(): void {
    if (this.timer === undefined || this.stopped || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.tick();
    }, 200);
    this.wakeTimer.unref();
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        await this.deliverDue();
        for (const job of this.jobs) await job();
      } catch (err) {
        this.log.warn({ err }, "mail delivery run failed; the next one retries");
      } finally {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      }
    })();
  }
}
