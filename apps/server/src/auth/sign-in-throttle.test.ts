import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { connectRedis, type SharedRedis } from "../shared-state/redis";
import { ACCOUNT_FAILURES, ADDRESS_FAILURES, FAILURE_WINDOW_MS, SignInThrottle } from "./sign-in-throttle";

const wrong = () => Promise.reject(new AppError(401, "Invalid email or password"));
const right = () => Promise.resolve("signed in");

async function outcome(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
}

describe("SignInThrottle", () => {
  it("lets an address try again once the window has passed", async () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < ADDRESS_FAILURES; i += 1)
      expect(await outcome(throttle.attempt("a@x.co", "ip", wrong))).toBe(401);
    const refused = await throttle.attempt("a@x.co", "ip", right).catch((error: AppError) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).options.retryAfterSeconds).toBe(FAILURE_WINDOW_MS / 1000);
    now += FAILURE_WINDOW_MS - 1;
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(429);
    now += 1;
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(200);
  });

  it("does not count an attempt that failed for another reason than the password", async () => {
    const throttle = new SignInThrottle();
    const databaseDown = () => Promise.reject(new AppError(503, "down"));
    for (let i = 0; i < ADDRESS_FAILURES * 2; i += 1) {
      expect(await outcome(throttle.attempt("a@x.co", "ip", databaseDown))).toBe(503);
    }
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(200);
  });
});

// The same bounds with the counters in Redis (REDIS_URL), when TEST_REDIS_URL is set; each run
// under its own key prefix, deleted afterwards.
const redisUrl = process.env.TEST_REDIS_URL;
const silent = { warn: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
describe.each([
  ["memory", false],
  ["redis", true],
] as const)("SignInThrottle bounds (%s)", (_name, useRedis) => {
  let redis: SharedRedis | undefined;
  let throttle: SignInThrottle;
  beforeEach(async () => {
    if (useRedis && redisUrl) {
      const prefix = `sitesnag-test:${Math.random().toString(36).slice(2, 10)}:`;
      redis = await connectRedis(redisUrl as string, prefix, silent);
    }
    throttle = new SignInThrottle(undefined, redis);
  });
  afterEach(async () => {
    if (!redis) return;
    const keys = await redis.client.keys(`${redis.prefix}*`);
    if (keys.length > 0) await redis.client.del(...keys);
    await redis.close();
    redis = undefined;
  });
  const run = useRedis && !redisUrl ? it.skip : it;
  const slowWrong = () =>
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new AppError(401, "Invalid email or password")), 20),
    );

  run("refuses an address after its failures, not the owner at another address", async () => {
    for (let i = 0; i < ADDRESS_FAILURES; i += 1)
      expect(await outcome(throttle.attempt("a@x.co", "ip", wrong))).toBe(401);
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(429);
    expect(await outcome(throttle.attempt("a@x.co", "other", right))).toBe(200);
    // A success clears that address's failures.
    for (let i = 0; i < ADDRESS_FAILURES - 1; i += 1) await outcome(throttle.attempt("b@x.co", "ip", wrong));
    expect(await outcome(throttle.attempt("b@x.co", "ip", right))).toBe(200);
    expect(await outcome(throttle.attempt("b@x.co", "ip", wrong))).toBe(401);
    expect(await outcome(throttle.attempt("b@x.co", "ip", right))).toBe(200);
  });

  run("lets parallel guesses through only up to the bound", async () => {
    let reached = 0;
    const guess = () => {
      reached += 1;
      return slowWrong();
    };
    const attempts = Array.from({ length: ADDRESS_FAILURES * 2 }, () =>
      outcome(throttle.attempt("a@x.co", "ip", guess)),
    );
    const statuses = await Promise.all(attempts);
    expect(reached).toBe(ADDRESS_FAILURES);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(ADDRESS_FAILURES);
  });

  run("caps failures per account from every address, except from an address known to have signed in", async () => {
    expect(await outcome(throttle.attempt("a@x.co", "home", right))).toBe(200);
    for (let i = 0; i < ACCOUNT_FAILURES; i += 1) {
      expect(await outcome(throttle.attempt("a@x.co", `bot-${i}`, wrong))).toBe(401);
    }
    expect(await outcome(throttle.attempt("a@x.co", "new-place", right))).toBe(429);
    expect(await outcome(throttle.attempt("a@x.co", "home", right))).toBe(200);
  });

  run("does not count attempts that failed for another reason", async () => {
    const databaseDown = () => Promise.reject(new AppError(503, "down"));
    for (let i = 0; i < ADDRESS_FAILURES * 2; i += 1) {
      expect(await outcome(throttle.attempt("a@x.co", "ip", databaseDown))).toBe(503);
    }
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(200);
  });
});
