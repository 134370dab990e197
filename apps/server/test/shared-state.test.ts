// Two app instances over one database and one Redis (REDIS_URL), in-process: the per-IP auth limit,
// the sign-in throttle and session revocation hold across both; a Redis outage falls back to each
// instance's memory instead of failing requests. Each test has its own REDIS_PREFIX and deletes
// only its own keys, so parallel runs sharing the machine's Redis never collide. Runs when
// TEST_REDIS_URL is set (.ci/run sets it), as the PostgreSQL runs need TEST_DATABASE_URL.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { ADDRESS_FAILURES } from "../src/auth/sign-in-throttle";
import { loadConfig } from "../src/config";
import { expectError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, TEST_SECRET, type TestApp } from "./harness";
import { TcpProxy } from "./tcp-proxy";

const REDIS_URL = process.env.TEST_REDIS_URL;
const REDIS = REDIS_URL
  ? { host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) }
  : undefined;
const TOO_MANY = "Too many attempts. Please wait a minute and try again.";

type Instance = Pick<TestApp, "request" | "ctx">;

/** A second instance of `t`'s app: same database, storage and secret, its own process memory. */
async function secondInstance(
  t: TestApp,
  env: Record<string, string>,
): Promise<Instance & { close: () => Promise<void> }> {
  const config = loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...env });
  const { app, ctx } = await buildApp({
    config,
    db: t.ctx.db,
    dbKind: t.ctx.dbKind,
    secret: TEST_SECRET,
    storage: t.ctx.storage,
  });
  await app.ready();
  return {
    ctx,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: () => app.close(),
  };
}

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL as string);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!REDIS).each(DIALECTS)("shared state through Redis, two instances (%s)", (kind) => {
  let prefix: string;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await deleteKeys(prefix);
  });

  async function pair(env: Record<string, string> = {}, redisUrl = REDIS_URL as string) {
    prefix = `sitesnag-test:${Math.random().toString(36).slice(2, 10)}:`;
    const shared = { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, AUTH_RATE_LIMIT: "1000", ...env };
    const a = await createTestApp(kind, shared);
    cleanups.push(() => a.close());
    const b = await secondInstance(a, shared);
    cleanups.push(() => b.close());
    return { a, b };
  }

  const login = (on: Instance, email: string, password: string, remoteAddress = "203.0.113.7") =>
    on.request({ method: "POST", url: "/api/auth/login", payload: { email, password }, remoteAddress });

  it("counts the per-IP sign-in limit once across both instances", async () => {
    const { a, b } = await pair({ AUTH_RATE_LIMIT: "4" });
    const account = await signUp(a);
    // Two attempts on each: within the limit of 4 wherever they were counted.
    for (const on of [a, b, a, b]) expectError(await login(on, account.user.email, "wrong-password"), 401);
    // Each instance alone has seen 2: only a shared count refuses the fifth.
    expectError(await login(a, account.user.email, account.password), 429, TOO_MANY);
    expectError(await login(b, account.user.email, account.password), 429, TOO_MANY);
    // Another address has its own count.
    expect((await login(b, account.user.email, account.password, "198.51.100.9")).statusCode).toBe(200);
  });

  it("counts sign-ups of one address under a key that names the address, not 'undefined'", async () => {
    const { a, b } = await pair();
    const email = `Key.Check.${Date.now()}@Example.com`;
    await signUp(a, { email });
    // A second sign-up of the address on the other instance counts on the same key.
    expectError(
      await b.request({
        method: "POST",
        url: "/api/auth/register",
        payload: { firstName: "A", lastName: "B", email, password: "correct-horse-battery" },
      }),
      409,
    );
    const redis = new Redis(REDIS_URL as string);
    try {
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, found] = await redis.scan(cursor, "MATCH", `${prefix}rl:*`, "COUNT", 1000);
        keys.push(...found);
        cursor = next;
      } while (cursor !== "0");
      const perEmail = `${prefix}rl:register:${email.toLowerCase()}`;
      expect(keys).toContain(perEmail);
      expect(keys.filter((key) => key.includes("undefined"))).toEqual([]);
      expect(await redis.get(perEmail)).toBe("2");
    } finally {
      redis.disconnect();
    }
  });

  it("counts failed sign-ins per account and address across both instances", async () => {
    const { a, b } = await pair();
    const account = await signUp(a);
    for (let i = 0; i < ADDRESS_FAILURES; i += 1) {
      expectError(await login(i % 2 === 0 ? a : b, account.user.email, "wrong-password"), 401);
    }
    const refused = await login(a, account.user.email, account.password);
    expectError(refused, 429);
    expect(refused.json()).toMatchObject({ message: expect.stringMatching(/^Too many failed sign-in attempts/) });
    expectError(await login(b, account.user.email, account.password), 429);
    // The owner from another address is not affected.
    expect((await login(b, account.user.email, account.password, "198.51.100.20")).statusCode).toBe(200);
  });

  it("refuses a session logged out on one instance on the other at once, not after its 30-second cache", async () => {
    const { a, b } = await pair();
    const account = await signUp(a);
    const me = (on: Instance) => on.request({ method: "GET", url: "/api/projects", token: account.accessToken });
    // Both instances have now cached the session as live.
    expect((await me(a)).statusCode).toBe(200);
    expect((await me(b)).statusCode).toBe(200);
    const out = await a.request({
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: account.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expectError(await me(a), 401);
    // The revocation reaches b through pub/sub: polled, well inside the 30 s the cache would allow.
    const deadline = Date.now() + 5_000;
    let status = (await me(b)).statusCode;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await me(b)).statusCode;
    }
    expect(status).toBe(401);
  });

  it("a refresh token replayed to the other instance ends the session on both", async () => {
    const { a, b } = await pair();
    const account = await signUp(a);
    const me = (on: Instance, token: string) => on.request({ method: "GET", url: "/api/projects", token });
    const rotated = await a.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: account.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as AuthResponse;
    expect((await me(a, fresh.accessToken)).statusCode).toBe(200);
    expect((await me(b, fresh.accessToken)).statusCode).toBe(200);
    // The grace window for a racing tab (decision 0005) is for the same token at the same time;
    // presenting the old token after its successor was used is theft.
    const usedSuccessor = await b.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: fresh.refreshToken },
    });
    expect(usedSuccessor.statusCode).toBe(200);
    const replay = await b.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: account.refreshToken },
    });
    expectError(replay, 401);
    const latest = usedSuccessor.json() as AuthResponse;
    const deadline = Date.now() + 5_000;
    let status = (await me(a, latest.accessToken)).statusCode;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await me(a, latest.accessToken)).statusCode;
    }
    expect(status).toBe(401);
  });

  it("keeps answering when Redis goes away, limiting in each instance's memory, and shares again once it is back", async () => {
    const proxy = await TcpProxy.start(REDIS as { host: string; port: number });
    cleanups.push(() => proxy.close());
    const { a, b } = await pair({ AUTH_RATE_LIMIT: "3" }, `redis://127.0.0.1:${proxy.port}`);
    const account = await signUp(a);
    await proxy.cut();
    // No 500: each instance counts alone, so a and b each allow 3.
    for (const on of [a, a, a, b, b, b]) expectError(await login(on, account.user.email, "wrong-password"), 401);
    expectError(await login(a, account.user.email, account.password), 429, TOO_MANY);
    expectError(await login(b, account.user.email, account.password), 429, TOO_MANY);
    // Logout still works (the revocation is not published; other instances rely on their cache).
    const out = await a.request({
      method: "POST",
      url: "/api/auth/logout",
      payload: { refreshToken: account.refreshToken },
    });
    expect(out.statusCode).toBe(204);

    await proxy.restore();
    // Both connections reconnect by themselves (polled: ioredis retries every 200 ms to 2 s).
    const ready = (on: Instance) =>
      on.ctx.redis?.client.status === "ready" && on.ctx.redis.subscriber.status === "ready";
    const deadline = Date.now() + 10_000;
    while (!(ready(a) && ready(b)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const elsewhere = "198.51.100.30";
    for (const on of [a, b, a]) expectError(await login(on, account.user.email, "wrong-password", elsewhere), 401);
    expectError(await login(b, account.user.email, account.password, elsewhere), 429, TOO_MANY);

    // Revocations are delivered again: b resubscribed.
    const session = (await login(a, account.user.email, account.password, "198.51.100.31")).json() as AuthResponse;
    const projects = (on: Instance) => on.request({ method: "GET", url: "/api/projects", token: session.accessToken });
    expect((await projects(b)).statusCode).toBe(200);
    await a.request({ method: "POST", url: "/api/auth/logout", payload: { refreshToken: session.refreshToken } });
    const until = Date.now() + 5_000;
    let status = (await projects(b)).statusCode;
    while (status === 200 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await projects(b)).statusCode;
    }
    expect(status).toBe(401);
  });
});
