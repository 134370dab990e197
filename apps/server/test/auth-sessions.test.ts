// A refresh-token family is a session; every access token names its session (`sid`), and ending
// the session (logout, theft detection, another instance) ends those access tokens.
import type { TokenPair } from "@sitesnag/shared/auth";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LIVE_CHECK_TTL_MS } from "../src/auth/session-status";
import { REUSE_GRACE_SECONDS } from "../src/auth/token-rotation";
import { expectError } from "./assertions";
import { demoLogin, signUp } from "./factories";
import { createTestApp, DIALECTS, TEST_SECRET, type TestApp } from "./harness";

const key = (secret: string) => new TextEncoder().encode(secret);
/** The session (refresh-token family) id an access token carries. */
const sessionOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: string }).sid;

describe.each(DIALECTS)("sessions: ending one ends its access tokens (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const listProjects = (token: string) => t.request({ method: "GET", url: "/api/projects", token });
  const refresh = async (refreshToken: string) =>
    (await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken } })).json() as TokenPair;
  const logout = (refreshToken: string) =>
    t.request({ method: "POST", url: "/api/auth/logout", payload: { refreshToken } });
  const sign = (claims: Record<string, unknown>, userId: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuer("sitesnag")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key(TEST_SECRET));

  it("puts the session id in the access token", async () => {
    const account = await signUp(t);
    const family = await t.ctx.db
      .selectFrom("refresh_tokens")
      .select("family_id")
      .where("user_id", "=", account.user.id)
      .executeTakeFirstOrThrow();
    expect(sessionOf(account.accessToken)).toBe(family.family_id);
  });

  it("logout ends the session's access token at once; the user's other session keeps working", async () => {
    const account = await signUp(t);
    const second = (
      await t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: account.user.email, password: account.password },
      })
    ).json() as TokenPair;
    expect((await listProjects(account.accessToken)).statusCode).toBe(200);
    expect((await logout(account.refreshToken)).statusCode).toBe(204);
    expectError(await listProjects(account.accessToken), 401, "Your session has expired. Please sign in again.");
    expect((await listProjects(second.accessToken)).statusCode).toBe(200);
  });

  it("bearer-only logout (no body) ends the session its sid names, and only that one", async () => {
    const account = await signUp(t);
    const second = (
      await t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: account.user.email, password: account.password },
      })
    ).json() as TokenPair;
    const out = await t.request({ method: "POST", url: "/api/auth/logout", token: account.accessToken });
    expect(out.statusCode).toBe(204);
    expectError(await listProjects(account.accessToken), 401, "Your session has expired. Please sign in again.");
    // Its refresh token cannot bring the session back.
    expectError(
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: account.refreshToken } }),
      401,
    );
    expect((await listProjects(second.accessToken)).statusCode).toBe(200);
    // A bearer that does not verify changes nothing and still answers 204.
    const forged = `${second.accessToken.slice(0, -4)}AAAA`;
    expect((await t.request({ method: "POST", url: "/api/auth/logout", token: forged })).statusCode).toBe(204);
    expect((await listProjects(second.accessToken)).statusCode).toBe(200);
  });

  it("logout of a demo session ends its access token", async () => {
    const demo = await demoLogin(t);
    expect((await listProjects(demo.accessToken)).statusCode).toBe(200);
    await logout(demo.refreshToken);
    expectError(await listProjects(demo.accessToken), 401);
  });

  it("rotation keeps the session: the access tokens before and after both work", async () => {
    const account = await signUp(t);
    const next = await refresh(account.refreshToken);
    expect(sessionOf(next.accessToken)).toBe(sessionOf(account.accessToken));
    expect((await listProjects(account.accessToken)).statusCode).toBe(200);
    expect((await listProjects(next.accessToken)).statusCode).toBe(200);
    await logout(next.refreshToken);
    expectError(await listProjects(account.accessToken), 401);
    expectError(await listProjects(next.accessToken), 401);
  });

  it("refresh-token theft detection ends every access token of that session", async () => {
    const account = await signUp(t);
    const next = await refresh(account.refreshToken);
    await t.ctx.db
      .updateTable("refresh_tokens")
      .set({ revoked_at: Math.floor(Date.now() / 1000) - REUSE_GRACE_SECONDS - 1 })
      .where("user_id", "=", account.user.id)
      .where("revoked_at", "is not", null)
      .execute();
    expectError(
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: account.refreshToken } }),
      401,
    );
    expectError(await listProjects(account.accessToken), 401);
    expectError(await listProjects(next.accessToken), 401);
  });

  it(`refuses a session ended through another instance within ${LIVE_CHECK_TTL_MS / 1000} s`, async () => {
    const account = await signUp(t);
    expect((await listProjects(account.accessToken)).statusCode).toBe(200);
    // Another instance's logout: the rows change, this instance's cache is not told.
    await t.ctx.db
      .updateTable("refresh_tokens")
      .set({ revoked_at: Math.floor(Date.now() / 1000) })
      .where("family_id", "=", sessionOf(account.accessToken))
      .execute();
    // Within the bound the cached answer stands: reads cost no query.
    expect((await listProjects(account.accessToken)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + LIVE_CHECK_TTL_MS);
    expectError(await listProjects(account.accessToken), 401);
  });

  it("refuses a token without a session id (issued before sessions), and its refresh token still gets a working pair", async () => {
    const account = await signUp(t);
    expectError(await listProjects(await sign({}, account.user.id)), 401);
    const next = await refresh(account.refreshToken);
    expect((await listProjects(next.accessToken)).statusCode).toBe(200);
  });

  it("refuses a well-signed token naming a session that does not exist or is not a string", async () => {
    const account = await signUp(t);
    expectError(await listProjects(await sign({ sid: "00000000-0000-7000-8000-000000000000" }, account.user.id)), 401);
    expectError(await listProjects(await sign({ sid: 42 }, account.user.id)), 401);
  });
});

describe.each(DIALECTS)("answers carrying tokens are never cached (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("sends Cache-Control: no-store from register, login, demo-login, refresh and their errors", async () => {
    const email = `no-store.${Date.now()}@example.com`;
    const password = "correct-horse-battery";
    const registered = await t.request({
      method: "POST",
      url: "/api/auth/register",
      payload: { firstName: "N", lastName: "S", email, password },
    });
    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
    const demo = await t.request({ method: "POST", url: "/api/auth/demo-login" });
    const refreshed = await t.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: (login.json() as TokenPair).refreshToken },
    });
    const failed = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "nope-nope" },
    });
    expect([registered, login, demo, refreshed, failed].map((r) => r.statusCode)).toEqual([201, 200, 200, 200, 401]);
    for (const res of [registered, login, demo, refreshed, failed])
      expect(res.headers["cache-control"]).toBe("no-store");
  });
});
