// The optional shared store for several instances (REDIS_URL; docs/decisions/0017). Guarantees:
// - Start-up connects or fails: an unreachable REDIS_URL stops the process with one line (main.ts).
// - At run time a command never waits for Redis to come back: with the offline queue off and a
//   short command timeout, a command fails within COMMAND_TIMEOUT_MS and the caller falls back to
//   this instance's memory (rate limits, sign-in throttle) with a warning, never a 500.
// - Every key and channel starts with `prefix`, so deployments (and parallel tests) sharing one
//   Redis never see each other's counters.
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

const CONNECT_TIMEOUT_MS = 5_000;
const COMMAND_TIMEOUT_MS = 1_000;
const WARN_EVERY_MS = 60_000;

export class RedisUnavailableError extends Error {}

export type SharedRedis = {
  /** Commands (counters, publish). */
  client: Redis;
  /** A second connection: a subscribed connection can do nothing else. */
  subscriber: Redis;
  prefix: string;
  /** Logs a Redis failure at most once a minute per topic, so an outage does not flood the log. */
  warn: (topic: string, err: unknown, message: string) => void;
  close: () => Promise<void>;
};

// Loaded only when REDIS_URL is set: the single-process default does not pay for it at start-up.
async function open(url: string): Promise<Redis> {
  const { Redis } = await import("ioredis");
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Keep reconnecting in the background for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
}

async function connect(redis: Redis, url: string): Promise<void> {
  // ioredis emits 'error' on every failed reconnect; without a listener Node would crash.
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const where = new URL(url).host;
    throw new RedisUnavailableError(`could not connect to ${where} (${(error as Error).message})`);
  }
}

export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = await open(url);
  const subscriber = await open(url);
  try {
    await connect(client, url);
    await connect(subscriber, url);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw error;
  }
  const lastWarned = new Map<string, number>();
  const warn = (topic: string, err: unknown, message: string) => {
    const now = Date.now();
    if (now - (lastWarned.get(topic) ?? 0) < WARN_EVERY_MS) return;
    lastWarned.set(topic, now);
    log.warn({ err }, message);
  };
  for (const [name, redis] of [
    ["commands", client],
    ["pub/sub", subscriber],
  ] as const) {
    redis.on("error", (err: Error) => warn(`connection ${name}`, err, `redis ${name} connection: ${err.message}`));
    redis.on("ready", () => {
      if (lastWarned.delete(`connection ${name}`)) log.info(`redis ${name} connection restored`);
    });
  }
  return {
    client,
    subscriber,
    prefix,
    warn,
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
