// Runtime configuration, parsed once from the environment (DESIGN §3). A bad value stops start-up
// with one line naming the variable, never a stack trace.
import { z } from "zod";
import { isSendableAddress } from "./mail/mail-address";
import type { S3Options } from "./storage/s3-storage";

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || isPostgresUrl(v), {
      message: "must be a postgres:// or postgresql:// URL",
    }),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal("")),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional().or(z.literal("")),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional().or(z.literal("")),
  SECRET_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional().or(z.literal("")),
  /** Single sign-on: also accept http:// identity providers on this machine (127.0.0.1, localhost); tests and local trials only. */
  SSO_ALLOW_LOCAL_HTTP_ISSUER: z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests per minute per API token (issue 38), counted across instances. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ error: "must be a URL such as https://s3.example.com" }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"], { error: "must be true or false" }).optional(),
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || isRedisUrl(v), { message: "must be a redis:// or rediss:// URL" }),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1 to 64 letters, digits, or : _ . -")
    .default("sitesnag:"),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  PDF_WORKERS: z.coerce.number({ error: "must be a whole number from 0 to 16" }).int().min(0).max(16).optional(),
  PHOTO_WORKERS: z.coerce.number({ error: "must be a whole number from 0 to 16" }).int().min(0).max(16).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || isSmtpUrl(v), {
      message: "must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587",
    }),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !/[\r\n]/.test(v), { message: "must be one line" })
    .refine((v) => v === "" || isSendableAddress(/<([^<>]*)>$/.exec(v)?.[1] ?? v), {
      message: "must be an address such as snags@example.com or SiteSnag <snags@example.com>",
    })
    .optional(),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || isHttpUrl(v), {
      message: "must be an http:// or https:// URL such as https://snag.example.com",
    }),
  MAIL_DIGEST_HOUR: z.coerce
    .number({ error: "must be a whole hour from 0 to 23" })
    .int({ error: "must be a whole hour from 0 to 23" })
    .min(0, { error: "must be a whole hour from 0 to 23" })
    .max(23, { error: "must be a whole hour from 0 to 23" })
    .default(7),
  SHARE_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number from 1 to 100000" })
    .int()
    .min(1)
    .max(100_000)
    .default(60),
  PDFS_PER_USER: z.coerce.number({ error: "must be a whole number from 1 to 100" }).int().min(1).max(100).default(3),
  WRITE_ITEMS_PER_MINUTE: wholeNumber(1, 1_000_000).default(600),
  WRITE_MB_PER_MINUTE: wholeNumber(1, 1_000_000).default(100),
  WORKSPACE_WRITE_ITEMS_PER_MINUTE: wholeNumber(1, 1_000_000).default(1200),
  WORKSPACE_WRITE_MB_PER_MINUTE: wholeNumber(1, 1_000_000).default(200),
  DEMO_WRITE_ITEMS_PER_MINUTE: wholeNumber(1, 1_000_000).default(60),
  DEMO_WRITE_MB_PER_MINUTE: wholeNumber(1, 1_000_000).default(20),
  MAIL_PER_HOUR: wholeNumber(1, 1_000_000).default(50),
  MAIL_PER_DAY: wholeNumber(1, 1_000_000).default(200),
  WORKSPACE_MAIL_PER_HOUR: wholeNumber(1, 1_000_000).default(100),
  WORKSPACE_MAIL_PER_DAY: wholeNumber(1, 1_000_000).default(500),
  NEW_ACCOUNT_MAIL_PER_HOUR: wholeNumber(1, 1_000_000).default(10),
  NEW_ACCOUNT_MAIL_PER_DAY: wholeNumber(1, 1_000_000).default(30),
  MAIL_RESEND_COOLDOWN_SECONDS: wholeNumber(0, 86_400).default(60),
  STORAGE_QUOTA_MB: wholeNumber(1, 1_000_000_000).default(10_240),
  DEMO_STORAGE_QUOTA_MB: wholeNumber(1, 1_000_000_000).default(50),
  PDF_MEMORY_MB: wholeNumber(16, 1_000_000).default(128),
  SHEET_WORKERS: z.coerce.number({ error: "must be a whole number from 1 to 16" }).int().min(1).max(16).default(1),
  SHEET_RENDER_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a whole number from 5 to 3600" })
    .int()
    .min(5)
    .max(3600)
    .default(60),
  SHEET_MAX_MEGAPIXELS: z.coerce.number({ error: "must be a number from 1 to 200" }).min(1).max(200).default(32),
  SHEET_MEMORY_MB: wholeNumber(128, 1_000_000).default(1536),
  SHEET_QUEUE_PAGES: wholeNumber(1, 100_000).default(200),
  LIVE_HEARTBEAT_SECONDS: wholeNumber(1, 300).default(15),
  WEEKLY_REPORT_CHECK_SECONDS: wholeNumber(5, 3600).default(60),
  WEBHOOKS_ALLOW_HTTP: z.enum(["true", "false", "1", "0"], { error: "must be 1 or 0" }).optional(),
  WEBHOOKS_ALLOW_PRIVATE: z.enum(["true", "false", "1", "0"], { error: "must be 1 or 0" }).optional(),
  WEBHOOKS_WORKER: z.enum(["true", "false", "1", "0"], { error: "must be 1 or 0" }).optional(),
  WEBHOOKS_CONCURRENCY: wholeNumber(1, 256).default(16),
});

function wholeNumber(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int(error).min(min, error).max(max, error);
}

function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  appSecret: string | undefined;
  /** Encrypts secrets kept in the database (TOTP secrets); absent: derived from the app secret (auth/secret-box.ts). */
  secretEncryptionKey: string | undefined;
  /** SSO_ALLOW_LOCAL_HTTP_ISSUER: an http:// issuer on a loopback address is accepted (tests); else https only. */
  ssoAllowLocalHttpIssuer: boolean;
  authRateLimit: number;
  /** Requests per minute per API token (tokens/token-auth.ts). */
  apiTokenRateLimit: number;
  s3: S3Options | undefined;
  /** Shared counters and session revocations for several instances; memory when unset. */
  redis: { url: string; prefix: string } | undefined;
  /** How long SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
  /** Live stream (GET /api/events): a heartbeat comment this often keeps proxies from closing it. */
  liveHeartbeatMs: number;
  /** How often each instance looks for weekly reports that are due (the mail queue ticks every 5 s). */
  weeklyReportCheckMs: number;
  /** Webhooks may go to http:// URLs (WEBHOOKS_ALLOW_HTTP=1; https only by default). */
  webhooksAllowHttp: boolean;
  /** Webhooks may go to loopback, private and link-local addresses (WEBHOOKS_ALLOW_PRIVATE=1: tests, private installs). */
  webhooksAllowPrivate: boolean;
  /** This instance sends webhooks (WEBHOOKS_WORKER=0: it only records events; other instances send). */
  webhooksWorker: boolean;
  /** Webhook attempts in flight at once on this instance (at most 4 of them to one endpoint). */
  webhooksConcurrency: number;
  /** How many reverse proxies in front of us may set X-Forwarded-For (0: trust none). */
  trustProxy: number;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  webDist: string | undefined;
  /**
   * Worker threads rendering PDFs (decision 0018); undefined: one per spare core, at least one;
   * 0: on the request thread (the old behaviour, kept for bench comparisons).
   */
  pdfWorkers: number | undefined;
  photoWorkers: number | undefined;
  /** PDFs one account may have in the pool at once, per instance; beyond: 429 with Retry-After. */
  pdfsPerUser: number;
  /** Outgoing mail (mail/): SMTP when smtpUrl is set, else .eml files under DATA_DIR/mail. */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Where links in mail point, without a trailing slash. */
    publicUrl: string;
    /** The local hour (each person's time zone) the daily digest goes out. */
    digestHour: number;
  };
  /** Share link requests (view, fix) allowed per client IP per minute. */
  shareRateLimit: number;
  /** The origin in share links: PUBLIC_URL when set, else the origin the request came to. */
  publicUrl: string | undefined;
  /** Bytes of PDF work (photos read, documents being written) in flight at once, per instance. */
  pdfMemoryBytes: number;
  /** Passkeys (mfa/passkeys.ts, decision 0077): the relying party, from PUBLIC_URL or localhost:PORT. */
  webauthn: WebAuthnConfig;
  /** Writes per minute and storage per workspace (quotas/, decision 0019). */
  quotas: QuotaConfig;
  /** Mail people may cause to outside addresses (mail/mail-limits.ts, decision 0049). */
  mailLimits: MailLimitConfig;
  /** Drawings (issue 24): render threads, a page's time budget, and its pixel budget. */
  sheets: {
    workers: number;
    renderTimeoutSeconds: number;
    maxMegapixels: number;
    memoryMb: number;
    maxQueuedPages: number;
  };
};

/** The relying party passkeys are bound to: its ID (a host name) and the origins a browser may sign from. */
export type WebAuthnConfig = { rpId: string; origins: string[] };

/**
 * The relying party of the app at `publicUrl`: its host name and origin. Browsers refuse an IP
 * address as relying party ID, so a loopback address (a developer's or the browser tests' server)
 * is served as "localhost", and both origins are accepted.
 */
export function relyingParty(publicUrl: string): WebAuthnConfig {
  const url = new URL(publicUrl);
  if (url.hostname === "127.0.0.1" || url.hostname === "[::1]") {
    const local = new URL(url.origin);
    local.hostname = "localhost";
    return { rpId: "localhost", origins: [url.origin, local.origin] };
  }
  return { rpId: url.hostname, origins: [url.origin] };
}

/** A budget of writes in one minute. */
export type WriteBudget = { items: number; bytes: number };
export type QuotaConfig = {
  account: WriteBudget;
  workspace: WriteBudget;
  /** Demo sandboxes: both the account and its workspace. */
  demo: WriteBudget;
  storageBytes: number;
  demoStorageBytes: number;
};

/** Messages per hour and per day. */
export type MailCap = { hour: number; day: number };
export type MailLimitConfig = {
  account: MailCap;
  workspace: MailCap;
  /** Accounts younger than a week and demo sandboxes, instead of `account`. */
  newAccount: MailCap;
  /** Between two sends of the same invitation; 0 turns it off. */
  resendCooldownSeconds: number;
};

const MB = 1024 * 1024;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // A variable set to an empty string counts as unset: PORT= must not coerce to port 0.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim() !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? "bad value"}`);
  }
  const e = parsed.data;
  const adminEmail = e.ADMIN_EMAIL || undefined;
  const adminPassword = e.ADMIN_PASSWORD || undefined;
  if (Boolean(adminEmail) !== Boolean(adminPassword)) {
    throw new ConfigError("Invalid ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together");
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together",
    );
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID)) {
    throw new ConfigError("Invalid S3_BUCKET: set S3_BUCKET to store files in S3, or unset the other S3_ variables");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    adminEmail,
    adminPassword,
    appSecret: e.APP_SECRET || undefined,
    secretEncryptionKey: e.SECRET_ENCRYPTION_KEY || undefined,
    ssoAllowLocalHttpIssuer: e.SSO_ALLOW_LOCAL_HTTP_ISSUER === "true" || e.SSO_ALLOW_LOCAL_HTTP_ISSUER === "1",
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
        }
      : undefined,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    weeklyReportCheckMs: e.WEEKLY_REPORT_CHECK_SECONDS * 1000,
    webhooksAllowHttp: e.WEBHOOKS_ALLOW_HTTP === "1" || e.WEBHOOKS_ALLOW_HTTP === "true",
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === "1" || e.WEBHOOKS_ALLOW_PRIVATE === "true",
    webhooksWorker: e.WEBHOOKS_WORKER !== "0" && e.WEBHOOKS_WORKER !== "false",
    webhooksConcurrency: e.WEBHOOKS_CONCURRENCY,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    pdfWorkers: e.PDF_WORKERS,
    photoWorkers: e.PHOTO_WORKERS,
    pdfsPerUser: e.PDFS_PER_USER,
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM || "SiteSnag <no-reply@localhost>",
      publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      digestHour: e.MAIL_DIGEST_HOUR,
    },
    shareRateLimit: e.SHARE_RATE_LIMIT,
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, "") : undefined,
    pdfMemoryBytes: e.PDF_MEMORY_MB * MB,
    webauthn: relyingParty(e.PUBLIC_URL || `http://localhost:${e.PORT}`),
    quotas: {
      account: { items: e.WRITE_ITEMS_PER_MINUTE, bytes: e.WRITE_MB_PER_MINUTE * MB },
      workspace: { items: e.WORKSPACE_WRITE_ITEMS_PER_MINUTE, bytes: e.WORKSPACE_WRITE_MB_PER_MINUTE * MB },
      demo: { items: e.DEMO_WRITE_ITEMS_PER_MINUTE, bytes: e.DEMO_WRITE_MB_PER_MINUTE * MB },
      storageBytes: e.STORAGE_QUOTA_MB * MB,
      demoStorageBytes: e.DEMO_STORAGE_QUOTA_MB * MB,
    },
    mailLimits: {
      account: { hour: e.MAIL_PER_HOUR, day: e.MAIL_PER_DAY },
      workspace: { hour: e.WORKSPACE_MAIL_PER_HOUR, day: e.WORKSPACE_MAIL_PER_DAY },
      newAccount: { hour: e.NEW_ACCOUNT_MAIL_PER_HOUR, day: e.NEW_ACCOUNT_MAIL_PER_DAY },
      resendCooldownSeconds: e.MAIL_RESEND_COOLDOWN_SECONDS,
    },
    sheets: {
      workers: e.SHEET_WORKERS,
      renderTimeoutSeconds: e.SHEET_RENDER_TIMEOUT_SECONDS,
      maxMegapixels: e.SHEET_MAX_MEGAPIXELS,
      memoryMb: e.SHEET_MEMORY_MB,
      maxQueuedPages: e.SHEET_QUEUE_PAGES,
    },
  };
}
