// Process entry point: configuration, database, admin bootstrap, listen, graceful shutdown.
import { access, constants, mkdir } from "node:fs/promises";
import path from "node:path";
import { buildApp } from "./app";
import { ensurePlatformAdmin } from "./auth/auth.service";
import { resolveSecret } from "./auth/secret";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/database";
import { removeExpiredDemos } from "./demo/demo.service";
import { measureUnmeasuredFiles } from "./quotas/unmeasured-files";
import { RedisUnavailableError } from "./shared-state/redis";
import { createStorage } from "./storage/create-storage";
import { purgeExpiredTrash } from "./trash/trash.service";

const HOUR_MS = 60 * 60 * 1000;
const IDLE_SWEEP_MS = 100;

function fail(line: string): never {
  process.stderr.write(`sitesnag: ${line}\n`);
  process.exit(1);
}

/**
 * mkdir -p one level at a time: Node's recursive mkdir never returns on some virtual file systems
 * (/proc). The last level is created 0700: it holds the database, the secret and every upload.
 * An existing folder keeps the permissions its operator gave it.
 */
async function makeDirectories(dir: string): Promise<void> {
  const absolute = path.resolve(dir);
  const parts = absolute.split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const [index, part] of parts.entries()) {
    current = path.join(current, part);
    try {
      await mkdir(current, index === parts.length - 1 ? { mode: 0o700 } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await makeDirectories(dataDir);
    await access(dataDir, constants.W_OK);
  } catch {
    fail(`Invalid DATA_DIR: ${path.resolve(dataDir)} cannot be created or written to`);
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  await prepareDataDir(config.dataDir);

  // Pool errors can arrive before the app (and its logger) exists; they are reported once it does.
  let reportConnectionError = (_error: Error): void => undefined;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onConnectionError: (error) => reportConnectionError(error),
    });
  } catch (error) {
    const variable = config.databaseUrl ? "DATABASE_URL" : "DATA_DIR";
    fail(`Invalid ${variable}: could not open the database (${(error as Error).message})`);
  }

  const secret = await resolveSecret(config.appSecret, config.dataDir);
  const storage = createStorage(config);
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({ config, db: database.db, dbKind: database.kind, secret, storage });
  } catch (error) {
    if (error instanceof RedisUnavailableError) fail(`Invalid REDIS_URL: ${error.message}`);
    throw error;
  }
  const { app, ctx } = built;
  reportConnectionError = (err) => app.log.warn({ err }, "database connection lost; the pool will open a new one");

  if (config.adminEmail && config.adminPassword) {
    await ensurePlatformAdmin(ctx, config.adminEmail, config.adminPassword);
  }

  const cleanup = setInterval(() => {
    removeExpiredDemos(ctx).catch((err: unknown) => app.log.warn({ err }, "demo clean-up failed"));
    purgeExpiredTrash(ctx).catch((err: unknown) => app.log.warn({ err }, "trash clean-up failed"));
    ctx.mail.removeOldSent().catch((err: unknown) => app.log.warn({ err }, "mail outbox clean-up failed"));
  }, HOUR_MS);
  cleanup.unref();
  // Files stored before their size was recorded are measured once and counted in their workspace's
  // storage usage (migration 0027); in the background, so the server answers meanwhile.
  measureUnmeasuredFiles(ctx).then(
    (charged) => {
      if (charged > 0) app.log.info({ charged }, "files stored before their size was recorded are now counted");
    },
    (err: unknown) => app.log.warn({ err }, "measuring earlier files failed; tried again at the next start"),
  );
  // The mail queue's delivery (and the daily digest) run here, on every instance (mail/mailer.ts).
  ctx.mail.start();
  // Webhook deliveries, on every instance too unless WEBHOOKS_WORKER=0 (webhooks/webhook-worker.ts);
  // stopped by app.close(). An instance without it still records the events others send.
  if (config.webhooksWorker) ctx.webhooks.start();

  // Graceful shutdown (README, "Running several instances"): stop accepting connections, let the
  // requests in flight (uploads included) finish, then close Redis, the database pool and the
  // storage client and exit 0. Past SHUTDOWN_TIMEOUT_SECONDS the connections still open are cut
  // and the exit code is 1, so a supervisor can tell work was interrupted.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down: finishing requests in flight");
    clearInterval(cleanup);
    let interrupted = false;
    const deadline = setTimeout(() => {
      interrupted = true;
      app.log.warn("shutdown deadline passed: closing the connections still open");
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    // A keep-alive connection whose request was in flight becomes idle once answered, and Node
    // would keep it open until its keep-alive timeout (72 s): close idle connections as they appear.
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      // Resolves once the listener is closed and every request has been answered; the onClose
      // hooks (Redis) run after that.
      await app.close();
    } catch (err) {
      interrupted = true;
      app.log.error({ err }, "shutdown: closing the server failed");
    }
    clearInterval(sweep);
    clearTimeout(deadline);
    await ctx.mail
      .stop()
      .catch((err: unknown) => app.log.warn({ err }, "shutdown: mail delivery did not stop cleanly"));
    const closed = await Promise.allSettled([database.db.destroy(), storage.close()]);
    for (const result of closed) {
      if (result.status === "rejected")
        app.log.warn({ err: result.reason }, "shutdown: a client did not close cleanly");
    }
    app.log.info({ interrupted }, "shut down");
    process.exit(interrupted ? 1 : 0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    fail(`Invalid PORT: could not listen on ${config.host}:${config.port} (${(error as Error).message})`);
  }
}

void main();
