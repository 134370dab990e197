import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("applies the documented defaults to an empty environment", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      appSecret: undefined,
      authRateLimit: 20,
      trustProxy: 0,
      s3: undefined,
      redis: undefined,
      shutdownTimeoutMs: 25_000,
      liveHeartbeatMs: 15_000,
      weeklyReportCheckMs: 60_000,
      webhooksAllowHttp: false,
      webhooksAllowPrivate: false,
      webhooksWorker: true,
      webhooksConcurrency: 16,
      apiTokenRateLimit: 600,
      secretEncryptionKey: undefined,
      ssoAllowLocalHttpIssuer: false,
      logLevel: "info",
      webDist: undefined,
      pdfsPerUser: 3,
      mail: {
        smtpUrl: undefined,
        from: "SiteSnag <no-reply@localhost>",
        publicUrl: "http://localhost:3000",
        digestHour: 7,
      },
      shareRateLimit: 60,
      publicUrl: undefined,
      pdfMemoryBytes: 128 * 1024 * 1024,
      webauthn: { rpId: "localhost", origins: ["http://localhost:3000"] },
      quotas: {
        account: { items: 600, bytes: 100 * 1024 * 1024 },
        workspace: { items: 1200, bytes: 200 * 1024 * 1024 },
        demo: { items: 60, bytes: 20 * 1024 * 1024 },
        storageBytes: 10 * 1024 ** 3,
        demoStorageBytes: 50 * 1024 * 1024,
      },
      mailLimits: {
        account: { hour: 50, day: 200 },
        workspace: { hour: 100, day: 500 },
        newAccount: { hour: 10, day: 30 },
        resendCooldownSeconds: 60,
      },
      sheets: { workers: 1, renderTimeoutSeconds: 60, maxMegapixels: 32, memoryMb: 1536, maxQueuedPages: 200 },
    });
  });

  it("treats variables set to an empty string as unset", () => {
    const config = loadConfig({ PORT: "", AUTH_RATE_LIMIT: "", DATABASE_URL: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" });
    expect(config).toMatchObject({ port: 3000, authRateLimit: 20, databaseUrl: undefined, adminEmail: undefined });
  });

  it("reads every variable it knows", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/sitesnag",
      DATABASE_URL: "postgresql://app:pw@db.internal:5432/sitesnag",
      ADMIN_EMAIL: "ops@example.com",
      ADMIN_PASSWORD: "long-enough-pw",
      APP_SECRET: "s".repeat(32),
      AUTH_RATE_LIMIT: "500",
      TRUST_PROXY: "1",
      REDIS_URL: "rediss://:pw@cache.internal:6380/2",
      REDIS_PREFIX: "acme:",
      SHUTDOWN_TIMEOUT_SECONDS: "40",
      LIVE_HEARTBEAT_SECONDS: "20",
      WEEKLY_REPORT_CHECK_SECONDS: "30",
      WEBHOOKS_ALLOW_HTTP: "1",
      WEBHOOKS_ALLOW_PRIVATE: "true",
      WEBHOOKS_WORKER: "0",
      WEBHOOKS_CONCURRENCY: "4",
      API_TOKEN_RATE_LIMIT: "120",
      SECRET_ENCRYPTION_KEY: "k".repeat(32),
      SSO_ALLOW_LOCAL_HTTP_ISSUER: "true",
      LOG_LEVEL: "warn",
      WEB_DIST: "/srv/web",
      PDFS_PER_USER: "5",
      SMTP_URL: "smtps://user:pass@smtp.example.com:465",
      MAIL_FROM: "Acme Snags <snags@acme.example>",
      PUBLIC_URL: "https://snags.acme.example/",
      MAIL_DIGEST_HOUR: "18",
      SHARE_RATE_LIMIT: "30",
      PDF_MEMORY_MB: "64",
      WRITE_ITEMS_PER_MINUTE: "100",
      WRITE_MB_PER_MINUTE: "10",
      WORKSPACE_WRITE_ITEMS_PER_MINUTE: "300",
      WORKSPACE_WRITE_MB_PER_MINUTE: "30",
      DEMO_WRITE_ITEMS_PER_MINUTE: "5",
      DEMO_WRITE_MB_PER_MINUTE: "2",
      STORAGE_QUOTA_MB: "2048",
      DEMO_STORAGE_QUOTA_MB: "8",
      MAIL_PER_HOUR: "7",
      MAIL_PER_DAY: "70",
      WORKSPACE_MAIL_PER_HOUR: "9",
      WORKSPACE_MAIL_PER_DAY: "90",
      NEW_ACCOUNT_MAIL_PER_HOUR: "2",
      NEW_ACCOUNT_MAIL_PER_DAY: "4",
      MAIL_RESEND_COOLDOWN_SECONDS: "0",
    });
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/sitesnag",
      databaseUrl: "postgresql://app:pw@db.internal:5432/sitesnag",
      adminEmail: "ops@example.com",
      adminPassword: "long-enough-pw",
      appSecret: "s".repeat(32),
      authRateLimit: 500,
      trustProxy: 1,
      s3: undefined,
      redis: { url: "rediss://:pw@cache.internal:6380/2", prefix: "acme:" },
      shutdownTimeoutMs: 40_000,
      liveHeartbeatMs: 20_000,
      weeklyReportCheckMs: 30_000,
      webhooksAllowHttp: true,
      webhooksAllowPrivate: true,
      webhooksWorker: false,
      webhooksConcurrency: 4,
      apiTokenRateLimit: 120,
      secretEncryptionKey: "k".repeat(32),
      ssoAllowLocalHttpIssuer: true,
      logLevel: "warn",
      webDist: "/srv/web",
      pdfsPerUser: 5,
      mail: {
        smtpUrl: "smtps://user:pass@smtp.example.com:465",
        from: "Acme Snags <snags@acme.example>",
        publicUrl: "https://snags.acme.example",
        digestHour: 18,
      },
      shareRateLimit: 30,
      publicUrl: "https://snags.acme.example",
      pdfMemoryBytes: 64 * 1024 * 1024,
      webauthn: { rpId: "snags.acme.example", origins: ["https://snags.acme.example"] },
      quotas: {
        account: { items: 100, bytes: 10 * 1024 * 1024 },
        workspace: { items: 300, bytes: 30 * 1024 * 1024 },
        demo: { items: 5, bytes: 2 * 1024 * 1024 },
        storageBytes: 2048 * 1024 * 1024,
        demoStorageBytes: 8 * 1024 * 1024,
      },
      mailLimits: {
        account: { hour: 7, day: 70 },
        workspace: { hour: 9, day: 90 },
        newAccount: { hour: 2, day: 4 },
        resendCooldownSeconds: 0,
      },
      sheets: { workers: 1, renderTimeoutSeconds: 60, maxMegapixels: 32, memoryMb: 1536, maxQueuedPages: 200 },
    });
    expect(configError({ STORAGE_QUOTA_MB: "0" }).message).toBe(
      "Invalid STORAGE_QUOTA_MB: must be a whole number from 1 to 1000000000",
    );
    expect(configError({ WRITE_ITEMS_PER_MINUTE: "lots" }).message).toBe(
      "Invalid WRITE_ITEMS_PER_MINUTE: must be a whole number from 1 to 1000000",
    );
    expect(configError({ WEBHOOKS_CONCURRENCY: "0" }).message).toBe(
      "Invalid WEBHOOKS_CONCURRENCY: must be a whole number from 1 to 256",
    );
    expect(configError({ WEBHOOKS_WORKER: "off" }).message).toBe("Invalid WEBHOOKS_WORKER: must be 1 or 0");
    expect(loadConfig({ PORT: "8080" }).mail.publicUrl).toBe("http://localhost:8080");
    // Passkeys: browsers refuse an IP address as relying party, so a loopback server is "localhost".
    expect(loadConfig({ PUBLIC_URL: "http://127.0.0.1:4100" }).webauthn).toEqual({
      rpId: "localhost",
      origins: ["http://127.0.0.1:4100", "http://localhost:4100"],
    });
    expect(loadConfig({ PUBLIC_URL: "https://snag.example.com:8443/" }).webauthn).toEqual({
      rpId: "snag.example.com",
      origins: ["https://snag.example.com:8443"],
    });
    expect(loadConfig({ DATABASE_URL: "postgres://localhost/x" }).databaseUrl).toBe("postgres://localhost/x");
  });

  it.each(["mysql://x", "not a url", "postgres://", "sqlite:///tmp/db", "http://db.example.com/x"])(
    "refuses DATABASE_URL=%s with one line naming the variable",
    (value) => {
      const error = configError({ DATABASE_URL: value });
      expect(error.message).toMatch(/^Invalid DATABASE_URL/);
      expect(error.message).not.toContain("\n");
    },
  );

  it.each(["localhost:6379", "http://cache.example.com", "redis://", "not a url"])(
    "refuses REDIS_URL=%s with one line naming the variable",
    (value) => {
      expect(configError({ REDIS_URL: value }).message).toBe("Invalid REDIS_URL: must be a redis:// or rediss:// URL");
    },
  );

  it("refuses a REDIS_PREFIX with spaces or wildcards, and a SHUTDOWN_TIMEOUT_SECONDS below 1", () => {
    expect(configError({ REDIS_PREFIX: "a b" }).message).toMatch(/^Invalid REDIS_PREFIX/);
    expect(configError({ REDIS_PREFIX: "app*" }).message).toMatch(/^Invalid REDIS_PREFIX/);
    expect(configError({ SHUTDOWN_TIMEOUT_SECONDS: "0" }).message).toMatch(/^Invalid SHUTDOWN_TIMEOUT_SECONDS/);
  });

  it("reads PDF_WORKERS and PHOTO_WORKERS (0 = on the request thread) and refuses other counts", () => {
    expect(loadConfig({ PDF_WORKERS: "3", PHOTO_WORKERS: "0" })).toMatchObject({ pdfWorkers: 3, photoWorkers: 0 });
    expect(loadConfig({}).photoWorkers).toBeUndefined();
    for (const value of ["-1", "17", "1.5", "two"]) {
      expect(configError({ PHOTO_WORKERS: value }).message).toBe(
        "Invalid PHOTO_WORKERS: must be a whole number from 0 to 16",
      );
    }
  });

  it.each(["http://smtp.example.com", "smtp://", "mail.example.com:25"])("refuses SMTP_URL=%s", (value) => {
    expect(configError({ SMTP_URL: value }).message).toBe(
      "Invalid SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:pass@smtp.example.com:587",
    );
  });

  it.each(["snag.example.com", "ftp://snag.example.com", "https://"])("refuses PUBLIC_URL=%s", (value) => {
    expect(configError({ PUBLIC_URL: value }).message).toBe(
      "Invalid PUBLIC_URL: must be an http:// or https:// URL such as https://snag.example.com",
    );
  });

  it.each(["24", "-1", "7.5", "seven"])("refuses MAIL_DIGEST_HOUR=%s", (value) => {
    expect(configError({ MAIL_DIGEST_HOUR: value }).message).toBe(
      "Invalid MAIL_DIGEST_HOUR: must be a whole hour from 0 to 23",
    );
  });

  it.each(["snags", "SiteSnag <snags>", "SiteSnag <a b@example.com>"])("refuses MAIL_FROM=%s", (value) => {
    expect(configError({ MAIL_FROM: value }).message).toBe(
      "Invalid MAIL_FROM: must be an address such as snags@example.com or SiteSnag <snags@example.com>",
    );
  });

  it("refuses a MAIL_FROM of more than one line", () => {
    expect(configError({ MAIL_FROM: "a@example.com\r\nBcc: x@evil.example" }).message).toBe(
      "Invalid MAIL_FROM: must be one line",
    );
  });

  it.each(["0", "101", "2.5", "many"])("refuses PDFS_PER_USER=%s", (value) => {
    expect(configError({ PDFS_PER_USER: value }).message).toBe(
      "Invalid PDFS_PER_USER: must be a whole number from 1 to 100",
    );
  });

  it.each(["abc", "70000", "-1", "80.5", "3000abc"])("refuses PORT=%s", (value) => {
    expect(configError({ PORT: value }).message).toMatch(/^Invalid PORT/);
  });

  it("refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the reverse", () => {
    expect(configError({ ADMIN_EMAIL: "ops@example.com" }).message).toMatch(/^Invalid ADMIN_PASSWORD/);
    expect(configError({ ADMIN_PASSWORD: "long-enough-pw" }).message).toMatch(/^Invalid ADMIN_PASSWORD/);
  });

  it("refuses a malformed ADMIN_EMAIL, a short ADMIN_PASSWORD and a short APP_SECRET", () => {
    const admin = { ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "long-enough-pw" };
    expect(configError({ ...admin, ADMIN_EMAIL: "ops" }).message).toMatch(/^Invalid ADMIN_EMAIL/);
    expect(configError({ ...admin, ADMIN_PASSWORD: "short" }).message).toMatch(/^Invalid ADMIN_PASSWORD/);
    expect(configError({ APP_SECRET: "too-short" }).message).toBe("Invalid APP_SECRET: must be at least 32 characters");
  });

  it("refuses a non-positive AUTH_RATE_LIMIT and an unknown LOG_LEVEL", () => {
    expect(configError({ AUTH_RATE_LIMIT: "0" }).message).toMatch(/^Invalid AUTH_RATE_LIMIT/);
    expect(configError({ AUTH_RATE_LIMIT: "many" }).message).toMatch(/^Invalid AUTH_RATE_LIMIT/);
    expect(configError({ LOG_LEVEL: "loud" }).message).toMatch(/^Invalid LOG_LEVEL/);
    expect(configError({ SHARE_RATE_LIMIT: "0" }).message).toBe(
      "Invalid SHARE_RATE_LIMIT: must be a whole number from 1 to 100000",
    );
    expect(configError({ PUBLIC_URL: "snag.example.com" }).message).toMatch(
      /^Invalid PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(configError({ PUBLIC_URL: "ftp://snag.example.com" }).message).toMatch(/^Invalid PUBLIC_URL/);
  });
});
