// API tokens (issue 38, decision 0066) through HTTP on both databases: made and revoked by the
// workspace owner, the secret shown once and stored as a hash, scopes, session-only routes,
// revocation and expiry, tenancy, per-token limits and the once-a-minute last-use write.
import { createHash } from "node:crypto";
import type { ApiToken, ApiTokenCreated } from "@sitesnag/shared/api-tokens";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nowSeconds } from "../src/time";
import {
  TOKEN_EXPIRED,
  TOKEN_NOT_VALID,
  TOKEN_READ_ONLY,
  TOKEN_SESSION_ONLY,
  TOKEN_TOO_MANY,
} from "../src/tokens/token-auth";
import { TOKENS_OWNER_ONLY } from "../src/tokens/tokens.service";
import { joinWorkspace } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const project = { name: "By token", description: "", location: "", clientName: "", status: "active" };

async function makeToken(
  t: TestApp,
  session: string,
  body: { name?: string; scopes: string; expiresAt?: number },
): Promise<ApiTokenCreated> {
  const res = await t.request({ method: "POST", url: "/api/tokens", token: session, payload: { name: "CI", ...body } });
  expect(res.statusCode).toBe(201);
  return res.json() as ApiTokenCreated;
}

describe.each(DIALECTS)("API tokens (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
  });
  afterAll(() => t.close());

  it("shows the secret once, stores only its SHA-256 and lists the token by its prefix", async () => {
    const { token, secret } = await makeToken(t, owner.accessToken, { name: "Power BI", scopes: "read" });
    expect(secret).toMatch(/^sst_[0-9A-Za-z]{43}$/);
    expect(token).toMatchObject({ name: "Power BI", scopes: "read", prefix: secret.slice(0, 12), lastUsedAt: null });
    expect(token.createdBy).toEqual({ id: owner.user.id, name: "Olive Owner" });

    const row = await t.ctx.db
      .selectFrom("api_tokens")
      .selectAll()
      .where("id", "=", token.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret.slice(12));

    const list = await t.request({ method: "GET", url: "/api/tokens", token: owner.accessToken });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(12));
    expect((list.json() as { tokens: ApiToken[] }).tokens.map((x) => x.id)).toContain(token.id);
  });

  it("a read token reads as the owner and is refused any change with a sentence, nothing written", async () => {
    const { secret } = await makeToken(t, owner.accessToken, { scopes: "read" });
    const list = await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(projectId);

    const before = await t.request({ method: "GET", url: "/api/projects/count", token: secret });
    const refused = await t.request({ method: "POST", url: "/api/projects", token: secret, payload: project });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: TOKEN_READ_ONLY });
    const after = await t.request({ method: "GET", url: "/api/projects/count", token: secret });
    expect(after.json()).toEqual(before.json());
  });

  it("a read write token changes what the owner may change", async () => {
    const { secret } = await makeToken(t, owner.accessToken, { scopes: "read write" });
    const res = await t.request({ method: "POST", url: "/api/projects", token: secret, payload: project });
    expect(res.statusCode).toBe(201);
    const edited = await t.request({
      method: "PUT",
      url: `/api/projects/${projectId}`,
      token: secret,
      payload: { ...project, name: "Tower B" },
    });
    expect(edited.statusCode).toBe(200);
  });

  it("accounts, team, tokens, mail, admin and the security log stay session-only", async () => {
    const { secret, token } = await makeToken(t, owner.accessToken, { scopes: "read write" });
    const attempts = [
      { method: "GET", url: "/api/tokens" },
      { method: "POST", url: "/api/tokens", payload: { name: "Sneaky", scopes: "read write" } },
      { method: "DELETE", url: `/api/tokens/${token.id}` },
      { method: "GET", url: "/api/team" },
      { method: "POST", url: "/api/invitations", payload: {} },
      { method: "GET", url: "/api/users/me" },
      {
        method: "PATCH",
        url: `/api/users/${owner.user.id}`,
        payload: { firstName: "X", lastName: "Y", email: "x@y.z" },
      },
      { method: "GET", url: "/api/mail/preferences" },
      { method: "GET", url: "/api/security-log?workspace=1" },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.request({ ...attempt, token: secret });
      expect({ ...attempt, status: res.statusCode }).toEqual({ ...attempt, status: 403 });
      expect(res.json()).toMatchObject({ message: TOKEN_SESSION_ONLY });
    }
    // Still live: nothing was revoked by the refused DELETE.
    expect((await t.request({ method: "GET", url: "/api/projects", token: secret })).statusCode).toBe(200);
  });

  it("a revoked token answers 401 at once; revoking again is 404", async () => {
    const { secret, token } = await makeToken(t, owner.accessToken, { scopes: "read write" });
    expect((await t.request({ method: "GET", url: "/api/projects", token: secret })).statusCode).toBe(200);
    const revoked = await t.request({ method: "DELETE", url: `/api/tokens/${token.id}`, token: owner.accessToken });
    expect(revoked.statusCode).toBe(204);
    const after = await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ message: TOKEN_NOT_VALID });
    const list = await t.request({ method: "GET", url: "/api/tokens", token: owner.accessToken });
    expect((list.json() as { tokens: ApiToken[] }).tokens.map((x) => x.id)).not.toContain(token.id);
    const again = await t.request({ method: "DELETE", url: `/api/tokens/${token.id}`, token: owner.accessToken });
    expect(again.statusCode).toBe(404);
    // The workspace's security log (issue 40) shows the token made and revoked, once each.
    const log = await t.request({ method: "GET", url: "/api/security-log?workspace=1", token: owner.accessToken });
    expect(log.statusCode, log.body).toBe(200);
    const mine = (log.json() as { entries: { type: string; details: { tokenId?: string } }[] }).entries.filter(
      (e) => e.details?.tokenId === token.id,
    );
    expect(mine.map((e) => e.type).sort()).toEqual(["api-token-created", "api-token-revoked"]);
  });

  it("an expired token answers 401; an expiry in the past is refused at creation", async () => {
    const { secret, token } = await makeToken(t, owner.accessToken, { scopes: "read", expiresAt: nowSeconds() + 3600 });
    expect(token.expiresAt).toBeGreaterThan(nowSeconds());
    expect((await t.request({ method: "GET", url: "/api/projects", token: secret })).statusCode).toBe(200);
    await t.ctx.db
      .updateTable("api_tokens")
      .set({ expires_at: nowSeconds() - 1 })
      .where("id", "=", token.id)
      .execute();
    const res = await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: TOKEN_EXPIRED });

    const past = await t.request({
      method: "POST",
      url: "/api/tokens",
      token: owner.accessToken,
      payload: { name: "Old", scopes: "read", expiresAt: nowSeconds() - 60 },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: "The expiry date must be in the future" });
  });

  it("refuses bad input with a sentence and malformed or unknown secrets with 401", async () => {
    for (const payload of [
      { name: "", scopes: "read" },
      { name: "X", scopes: "admin" },
      { name: "X" },
      { scopes: "read" },
    ]) {
      const res = await t.request({ method: "POST", url: "/api/tokens", token: owner.accessToken, payload });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message.length).toBeGreaterThan(5);
    }
    for (const secret of ["sst_short", `sst_${"A".repeat(43)}`, `sst_${"A".repeat(42)}!`]) {
      const res = await t.request({ method: "GET", url: "/api/projects", token: secret });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: TOKEN_NOT_VALID });
    }
  });

  it("only the owner manages tokens; a member is refused with a sentence", async () => {
    const member = await joinWorkspace(t, owner.accessToken);
    for (const request of [
      { method: "GET", url: "/api/tokens" },
      { method: "POST", url: "/api/tokens", payload: { name: "Mine", scopes: "read" } },
    ] as const) {
      const res = await t.request({ ...request, token: member.accessToken });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: TOKENS_OWNER_ONLY });
    }
  });

  it("keeps to its workspace: another workspace's projects and tokens are not found", async () => {
    const other = await signUp(t, { firstName: "Otto" });
    const { secret, token } = await makeToken(t, other.accessToken, { scopes: "read write" });
    const list = await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(list.body).not.toContain(projectId);
    expect((await t.request({ method: "GET", url: `/api/projects/${projectId}`, token: secret })).statusCode).toBe(404);
    expect(
      (await t.request({ method: "PUT", url: `/api/projects/${projectId}`, token: secret, payload: project }))
        .statusCode,
    ).toBe(404);
    // The owner of this workspace cannot revoke the other's token either.
    const revoke = await t.request({ method: "DELETE", url: `/api/tokens/${token.id}`, token: owner.accessToken });
    expect(revoke.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/projects", token: secret })).statusCode).toBe(200);
  });

  it("writes last use at most once a minute", async () => {
    const { secret, token } = await makeToken(t, owner.accessToken, { scopes: "read" });
    const lastUse = async () =>
      (
        await t.ctx.db
          .selectFrom("api_tokens")
          .select("last_used_at")
          .where("id", "=", token.id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    await t.request({ method: "GET", url: "/api/projects", token: secret });
    const first = await lastUse();
    expect(first).toBeGreaterThanOrEqual(nowSeconds() - 5);
    const recent = nowSeconds() - 30;
    await t.ctx.db.updateTable("api_tokens").set({ last_used_at: recent }).where("id", "=", token.id).execute();
    await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(await lastUse()).toBe(recent);
    await t.ctx.db
      .updateTable("api_tokens")
      .set({ last_used_at: nowSeconds() - 61 })
      .where("id", "=", token.id)
      .execute();
    await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(await lastUse()).toBeGreaterThanOrEqual(nowSeconds() - 5);
    const listed = await t.request({ method: "GET", url: "/api/tokens", token: owner.accessToken });
    const shown = (listed.json() as { tokens: ApiToken[] }).tokens.find((x) => x.id === token.id);
    expect(shown?.lastUsedAt).toBe(await lastUse());
  });

  it("speaks the owner's language in its refusals", async () => {
    const { secret } = await makeToken(t, owner.accessToken, { scopes: "read" });
    await t.ctx.db.updateTable("users").set({ locale: "pl" }).where("id", "=", owner.user.id).execute();
    const res = await t.request({ method: "POST", url: "/api/projects", token: secret, payload: project });
    expect(res.statusCode).toBe(403);
    const message = (res.json() as { message: string }).message;
    expect(message).not.toBe(TOKEN_READ_ONLY);
    expect(message.length).toBeGreaterThan(10);
    await t.ctx.db.updateTable("users").set({ locale: "en-GB" }).where("id", "=", owner.user.id).execute();
  });
});

describe.each(DIALECTS)("API token limits (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;

  beforeAll(async () => {
    t = await createTestApp(kind, { API_TOKEN_RATE_LIMIT: "3" });
    owner = await signUp(t);
  });
  afterAll(() => t.close());

  it("counts per token with RateLimit headers, then 429 with Retry-After", async () => {
    const { secret } = await makeToken(t, owner.accessToken, { scopes: "read" });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.request({ method: "GET", url: "/api/projects", token: secret });
      expect(res.statusCode).toBe(200);
      expect(res.headers["ratelimit-limit"]).toBe("3");
      expect(Number(res.headers["ratelimit-reset"])).toBeGreaterThan(0);
      remaining.push(String(res.headers["ratelimit-remaining"]));
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const refused = await t.request({ method: "GET", url: "/api/projects", token: secret });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.headers["ratelimit-remaining"]).toBe("0");
    expect(refused.json()).toMatchObject({ message: TOKEN_TOO_MANY });

    // Another token, and the owner's session, count on their own.
    const other = await makeToken(t, owner.accessToken, { scopes: "read" });
    expect((await t.request({ method: "GET", url: "/api/projects", token: other.secret })).statusCode).toBe(200);
    const session = await t.request({ method: "GET", url: "/api/projects", token: owner.accessToken });
    expect(session.statusCode).toBe(200);
    expect(session.headers["ratelimit-limit"]).toBeUndefined();
  });
});
