import type { FastifyBaseLogger } from "fastify";
import type { SecretBox } from "./auth/secret-box";
import type { SessionStatus } from "./auth/session-status";
import type { TokenSigner } from "./auth/tokens";
import type { LogoRenderer } from "./branding/logo-renderer";
import type { Config } from "./config";
import type { Db, DbKind } from "./db/database";
import type { LiveHub } from "./events/live-hub";
import type { MailLimits } from "./mail/mail-limits";
import type { Mailer } from "./mail/mailer";
import type { PhotoProcessor } from "./photos/photo-pool";
import type { WriteLimits } from "./quotas/write-limits";
import type { SharedRedis } from "./shared-state/redis";
import type { FileStorage } from "./storage/file-storage";
import type { WebhookWorker } from "./webhooks/webhook-worker";
import type { PdfRenderer } from "./workers/pdf-pool";

/** Everything a service needs, built once at start-up and passed down explicitly. */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  tokens: TokenSigner;
  /** Encrypts secrets kept in the database (auth/secret-box.ts). */
  secrets: SecretBox;
  /** Which sessions (refresh-token families) are live, cached briefly; see session-status.ts. */
  sessions: SessionStatus;
  storage: FileStorage;
  /** The shared store when REDIS_URL is set (counters, session revocations); see shared-state/. */
  redis: SharedRedis | undefined;
  /** Evidence PDFs, rendered in a bounded pool of worker threads. */
  pdf: PdfRenderer;
  /** Uploaded photos, processed in a bounded pool of worker threads. */
  photos: PhotoProcessor;
  /** Company logos, each rendered in a child process with a time budget (decision 0046). */
  logos: LogoRenderer;
  /** The mail outbox: `ctx.mail.queue(message, trx?)` (mail/mailer.ts). */
  mail: Mailer;
  /** Mail per account and workspace per hour and day, and the resend cooldown (mail/mail-limits.ts). */
  mailLimits: MailLimits;
  /** Writes per minute per account and workspace (quotas/write-limits.ts). */
  writes: WriteLimits;
  /** The live streams open here and the relay that feeds them (events/live-hub.ts). */
  live: LiveHub;
  /** Webhook deliveries: the dispatcher and sender (webhooks/webhook-worker.ts); `wake()` after queueing one. */
  webhooks: WebhookWorker;
  log: FastifyBaseLogger;
};
