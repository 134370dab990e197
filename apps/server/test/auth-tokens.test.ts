import type { TokenPair } from "@sitesnag/shared/auth";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REUSE_GRACE_SECONDS } from "../src/auth/token-rotation";
import { expectError, expectFieldError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, TEST_SECRET, type TestApp } from "./harness";

const key = (secret: string) => new TextEncoder().encode(secret);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** The session (refresh-token family) id an access token carries. */
const sessionOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: string }).sid;

describe.each(DIALECTS)("access tokens (%s)", (kind) => {
  let t: TestApp;
  let account: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    account = await signUp(t);
  });
  afterAll(() => t.close());

  const listProjects = (token?: string) =>
    t.request({ method: "GET", url: "/api/projects", ...(token ? { token } : {}) });

  it("opens GET /api/projects with the access token from sign-up", async () => {
    const res = await listProjects(account.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ projects: [] });
  });

  it("refuses a request without a token, or with a non-bearer header", async () => {
    expectError(await listProjects(), 401);
    const basic = await t.request({ method: "GET", url: "/api/projects", headers: { authorization: "Basic abc" } });
    expectError(basic, 401);
  });

  it("refuses garbage, a refresh token, and a token signed with another secret", async () => {
    expectError(await listProjects("garbage"), 401);
    expectError(await listProjects(account.refreshToken), 401);
    const foreign = await new SignJWT({ sid: sessionOf(account.accessToken) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(account.user.id)
      .setIssuer("sitesnag")
      .setExpirationTime("1h")
      .sign(key("another-secret-another-secret-another"));
    expectError(await listProjects(foreign), 401);
  });

  it("refuses an expired token that is otherwise valid", async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ sid: sessionOf(account.accessToken) })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(account.user.id)
      .setIssuer("sitesnag")
      .setIssuedAt(past - 86_400)
      .setExpirationTime(past)
      .sign(key(TEST_SECRET));
    expectError(await listProjects(expired), 401);
  });

  it("refuses a tampered token: payload swapped, signature altered, or alg none", async () => {
    const other = await signUp(t);
    const [header, payload, signature] = account.accessToken.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const swapped = `${header}.${b64({ ...claims, sub: other.user.id })}.${signature}`;
    expectError(await listProjects(swapped), 401);
    const flipped = `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expectError(await listProjects(flipped), 401);
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${payload}.`;
    expectError(await listProjects(unsigned), 401);
  });

  it("refuses a well-signed token whose user no longer exists", async () => {
    const gone = await signUp(t);
    expect((await listProjects(gone.accessToken)).statusCode).toBe(200);
    await t.ctx.db.deleteFrom("users").where("id", "=", gone.user.id).execute();
    expectError(await listProjects(gone.accessToken), 401);
  });
});

describe.each(DIALECTS)("POST /api/auth/refresh and /logout (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const refresh = (refreshToken: unknown) =>
    t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken } as object });
  const logout = (refreshToken: string) =>
    t.request({ method: "POST", url: "/api/auth/logout", payload: { refreshToken } });
  /** Moves every rotation of this user's tokens to just before the grace window. */
  const agePastGrace = (userId: string) =>
    t.ctx.db
      .updateTable("refresh_tokens")
      .set({ revoked_at: Math.floor(Date.now() / 1000) - REUSE_GRACE_SECONDS - 1 })
      .where("user_id", "=", userId)
      .where("revoked_at", "is not", null)
      .execute();

  it("rotates: answers a new access token and a new refresh token, both usable", async () => {
    const account = await signUp(t);
    const res = await refresh(account.refreshToken);
    expect(res.statusCode).toBe(200);
    const pair = res.json() as TokenPair;
    expect(Object.keys(pair).sort()).toEqual(["accessToken", "refreshToken"]);
    expect(pair.refreshToken).not.toBe(account.refreshToken);
    expect((await t.request({ method: "GET", url: "/api/projects", token: pair.accessToken })).statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it("treats a reused refresh token as stolen: 401 and the whole family is revoked", async () => {
    const account = await signUp(t);
    const second = (await refresh(account.refreshToken)).json() as TokenPair;
    const third = (await refresh(second.refreshToken)).json() as TokenPair;
    expectError(await refresh(account.refreshToken), 401);
    // The newest token of that family was never used, and is refused all the same.
    expectError(await refresh(third.refreshToken), 401);
    const live = await t.ctx.db
      .selectFrom("refresh_tokens")
      .select("id")
      .where("user_id", "=", account.user.id)
      .where("revoked_at", "is", null)
      .execute();
    expect(live).toEqual([]);
  });

  it("revokes only the reused family: the same user's other session keeps working", async () => {
    const account = await signUp(t);
    const otherSession = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: account.user.email, password: account.password },
    });
    const otherRefresh = (otherSession.json() as TokenPair).refreshToken;
    await refresh(account.refreshToken);
    await agePastGrace(account.user.id);
    expectError(await refresh(account.refreshToken), 401);
    expect((await refresh(otherRefresh)).statusCode).toBe(200);
  });

  /** Every refresh token of the user that is neither revoked nor expired. */
  const liveTokens = (userId: string) =>
    t.ctx.db
      .selectFrom("refresh_tokens")
      .select(["id", "family_id"])
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();

  it("answers a just-rotated token presented again (a second tab, a lost answer) with the same successor, once", async () => {
    const account = await signUp(t);
    const firstTab = (await refresh(account.refreshToken)).json() as TokenPair;
    const secondTab = await refresh(account.refreshToken);
    expect(secondTab.statusCode).toBe(200);
    const secondPair = secondTab.json() as TokenPair;
    // Not a pair of its own: the successor already issued, and still one live token in one family.
    expect(secondPair.refreshToken).toBe(firstTab.refreshToken);
    expect(await liveTokens(account.user.id)).toHaveLength(1);
    expect((await t.request({ method: "GET", url: "/api/projects", token: secondPair.accessToken })).statusCode).toBe(
      200,
    );
    expect((await refresh(firstTab.refreshToken)).statusCode).toBe(200);
  });

  it("a second replay inside the grace window mints nothing: it is reuse, and the family is revoked", async () => {
    const account = await signUp(t);
    const rotated = (await refresh(account.refreshToken)).json() as TokenPair;
    const replays = [];
    for (let i = 0; i < 5; i += 1) replays.push(await refresh(account.refreshToken));
    // One replay answered (with the successor already issued), the rest refused.
    expect(replays.map((r) => r.statusCode)).toEqual([200, 401, 401, 401, 401]);
    const [answered] = replays;
    expect((answered?.json() as TokenPair | undefined)?.refreshToken).toBe(rotated.refreshToken);
    expect(await liveTokens(account.user.id)).toEqual([]);
    expectError(await t.request({ method: "GET", url: "/api/projects", token: rotated.accessToken }), 401);
  });

  it("lets two refreshes of the same token at the same instant both succeed, with the same successor", async () => {
    const account = await signUp(t);
    const [a, b] = await Promise.all([refresh(account.refreshToken), refresh(account.refreshToken)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((a.json() as TokenPair).refreshToken).toBe((b.json() as TokenPair).refreshToken);
    expect(await liveTokens(account.user.id)).toHaveLength(1);
    expect((await refresh((a.json() as TokenPair).refreshToken)).statusCode).toBe(200);
  });

  it("a token whose family was logged out gets no grace, even presented at once", async () => {
    const account = await signUp(t);
    await logout(account.refreshToken);
    expectError(await refresh(account.refreshToken), 401);
    expect(await liveTokens(account.user.id)).toEqual([]);
  });

  it(`treats reuse after the ${REUSE_GRACE_SECONDS}s grace window as theft`, async () => {
    const account = await signUp(t);
    const next = (await refresh(account.refreshToken)).json() as TokenPair;
    await agePastGrace(account.user.id);
    expectError(await refresh(account.refreshToken), 401);
    expectError(await refresh(next.refreshToken), 401);
  });

  it("gives no grace to a token two rotations old, nor after logout", async () => {
    const account = await signUp(t);
    const second = (await refresh(account.refreshToken)).json() as TokenPair;
    await refresh(second.refreshToken);
    expectError(await refresh(account.refreshToken), 401);

    const other = await signUp(t);
    const latest = (await refresh(other.refreshToken)).json() as TokenPair;
    await logout(latest.refreshToken);
    expectError(await refresh(other.refreshToken), 401);
  });

  it("refuses an unknown and an expired refresh token with 401", async () => {
    expectError(await refresh("not-a-token-we-issued"), 401);
    const account = await signUp(t);
    await t.ctx.db
      .updateTable("refresh_tokens")
      .set({ expires_at: Math.floor(Date.now() / 1000) - 1 })
      .where("user_id", "=", account.user.id)
      .execute();
    expectError(await refresh(account.refreshToken), 401);
  });

  it("answers a missing refresh token with 400", async () => {
    expectFieldError(
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: {} }),
      "refreshToken",
      "Refresh token is required",
    );
    expectError(await t.request({ method: "POST", url: "/api/auth/refresh" }), 400);
    expectError(await refresh(""), 400);
    expectError(await refresh(12345), 400);
  });

  it("logs out with 204, after which the refresh token is refused", async () => {
    const account = await signUp(t);
    const res = await logout(account.refreshToken);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expectError(await refresh(account.refreshToken), 401);
  });

  it("logs out of a rotated session: the latest token of the family is refused too", async () => {
    const account = await signUp(t);
    const latest = (await refresh(account.refreshToken)).json() as TokenPair;
    expect((await logout(latest.refreshToken)).statusCode).toBe(204);
    expectError(await refresh(latest.refreshToken), 401);
  });

  it("answers 204 to a logout with no body or an unknown token", async () => {
    expect((await t.request({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(204);
    expect((await logout("unknown-token")).statusCode).toBe(204);
  });
});
