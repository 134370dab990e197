// The security log, own sessions, security email and the workspace's "require two-factor" policy
// (issue 40) through HTTP on both databases, with the log's tenancy: a person reads their own
// entries, an owner their workspace's, nobody another workspace's.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pruneOldEntries } from "../src/security-log/security-log.prune";
import { recordSecurityEvent } from "../src/security-log/security-log.repository";
import { nowSeconds } from "../src/time";
import { expectError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { CHROME, enrol, FIREFOX, login, stepClock } from "./mfa-helpers";

type Page = {
  entries: {
    id: string;
    type: string;
    at: number;
    actorId: string | null;
    ip: string | null;
    userAgent: string | null;
    details: Record<string, unknown>;
  }[];
  nextCursor: string | null;
};

describe.each(DIALECTS)("security log, sessions and the two-factor policy (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse & { password: string };
  let member: AuthResponse & { password: string };
  let outsider: AuthResponse & { password: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive" });
    outsider = await signUp(t, { firstName: "Otto" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const { token } = invite.json() as { token: string };
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: {
        firstName: "Mel",
        lastName: "Member",
        email: `mel.${Date.now()}@example.com`,
        password: "member-pass-1",
      },
    });
    member = { ...(joined.json() as AuthResponse), password: "member-pass-1" };
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const readLog = async (token: string, query = "") => {
    const res = await t.request({ method: "GET", url: `/api/security-log${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  it("records sign-ins and failed attempts with address and browser; each person reads their own, an owner the workspace's", async () => {
    expect((await login(t, member.user.email, "not-the-password")).statusCode).toBe(401);
    expect((await login(t, member.user.email, member.password, FIREFOX)).statusCode).toBe(200);
    expect((await login(t, outsider.user.email, outsider.password)).statusCode).toBe(200);

    const own = await readLog(member.accessToken);
    expect(own.entries.map((e) => e.type)).toEqual(
      expect.arrayContaining(["sign-in", "sign-in-failed", "member-added"]),
    );
    const signIn = own.entries.find((e) => e.type === "sign-in");
    expect(signIn).toMatchObject({
      actorId: member.user.id,
      ip: "127.0.0.1",
      userAgent: FIREFOX,
      details: { factor: "none" },
    });
    expect(Object.keys(signIn ?? {}).sort()).toEqual(["actorId", "at", "details", "id", "ip", "type", "userAgent"]);

    const onlyFailures = await readLog(member.accessToken, "?type=sign-in-failed");
    expect(onlyFailures.entries.every((e) => e.type === "sign-in-failed")).toBe(true);
    expect(onlyFailures.entries.length).toBeGreaterThan(0);

    expectError(
      await t.request({ method: "GET", url: "/api/security-log?workspace=1", token: member.accessToken }),
      403,
    );
    const workspace = await readLog(owner.accessToken, "?workspace=1");
    const ids = new Set((await readLog(member.accessToken)).entries.map((e) => e.id));
    expect(workspace.entries.some((e) => ids.has(e.id))).toBe(true);
    const outsiderIds = new Set((await readLog(outsider.accessToken)).entries.map((e) => e.id));
    expect(outsiderIds.size).toBeGreaterThan(0);
    expect(workspace.entries.some((e) => outsiderIds.has(e.id))).toBe(false);
    expect((await readLog(outsider.accessToken, "?workspace=1")).entries.some((e) => ids.has(e.id))).toBe(false);
  });

  it("pages with a cursor, filters by date, refuses a bad query with a sentence, and exports CSV", async () => {
    const account = await signUp(t);
    const user = { userId: account.user.id, workspaceId: account.user.workspaceId };
    for (let i = 0; i < 60; i += 1) {
      await recordSecurityEvent(t.ctx.db, { ...user, type: "session-ended", details: { n: i, note: "=HYPERLINK(1)" } });
    }
    const first = await readLog(account.accessToken);
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await readLog(account.accessToken, `?cursor=${first.nextCursor}`);
    const all = new Set([...first.entries, ...second.entries].map((e) => e.id));
    expect(all.size).toBe(first.entries.length + second.entries.length);
    expect(second.nextCursor).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    expect((await readLog(account.accessToken, `?from=${today}&to=${today}`)).entries.length).toBe(50);
    expect((await readLog(account.accessToken, "?to=2020-01-01")).entries).toHaveLength(0);

    expectError(
      await t.request({ method: "GET", url: "/api/security-log?cursor=bogus", token: account.accessToken }),
      400,
    );
    expectError(
      await t.request({ method: "GET", url: "/api/security-log?type=nope", token: account.accessToken }),
      400,
    );
    expectError(
      await t.request({ method: "GET", url: "/api/security-log?from=31-01-2026", token: account.accessToken }),
      400,
    );

    const csv = await t.request({
      method: "GET",
      url: "/api/security-log/export?type=session-ended",
      token: account.accessToken,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Event,Account,Actor,IP address,Device,Details");
    expect(lines).toHaveLength(61);
    expect(csv.body).not.toMatch(/,"?=HYPERLINK/);
  });

  it("keeps entries a year: the prune deletes older ones only", async () => {
    const account = await signUp(t);
    await recordSecurityEvent(t.ctx.db, { type: "sign-in", userId: account.user.id, workspaceId: null });
    const old = await t.ctx.db
      .updateTable("security_log")
      .set({ at: nowSeconds() - 366 * 24 * 60 * 60 })
      .where("user_id", "=", account.user.id)
      .where("type", "=", "sign-in")
      .executeTakeFirst();
    expect(Number(old.numUpdatedRows)).toBe(1);
    await recordSecurityEvent(t.ctx.db, { type: "sign-in", userId: account.user.id, workspaceId: null });
    expect(await pruneOldEntries(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await readLog(account.accessToken, "?type=sign-in")).entries).toHaveLength(1);
  });

  it("lists the account's sessions with device and address, and ends another one at once, logged", async () => {
    const account = await signUp(t);
    const phone = (await login(t, account.user.email, account.password, FIREFOX)).json() as AuthResponse;
    const desk = (await login(t, account.user.email, account.password, CHROME)).json() as AuthResponse;
    const res = await t.request({ method: "GET", url: "/api/auth/sessions", token: desk.accessToken });
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as {
      sessions: { id: string; device: string | null; ip: string; current: boolean }[];
    };
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toEqual(expect.arrayContaining(["Firefox · Android", "Chrome · Linux"]));
    const phoneSession = sessions.find((s) => s.device === "Firefox · Android");

    expectError(
      await t.request({ method: "DELETE", url: `/api/auth/sessions/${phoneSession?.id}`, token: outsider.accessToken }),
      404,
    );
    expect((await t.request({ method: "GET", url: "/api/projects", token: phone.accessToken })).statusCode).toBe(200);
    const end = await t.request({
      method: "DELETE",
      url: `/api/auth/sessions/${phoneSession?.id}`,
      token: desk.accessToken,
    });
    expect(end.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/projects", token: phone.accessToken })).statusCode).toBe(401);
    expect((await readLog(desk.accessToken, "?type=session-ended")).entries).toHaveLength(1);
  });

  it("mails a sign-in from a new browser, and a password change, in the account's language", async () => {
    const account = await signUp(t);
    await t.request({ method: "PATCH", url: "/api/users/me", token: account.accessToken, payload: { locale: "pl" } });
    await t.request({
      method: "PATCH",
      url: `/api/users/${account.user.id}`,
      token: account.accessToken,
      payload: { locale: "pl" },
    });
    const subjects = async () =>
      (
        await t.ctx.db
          .selectFrom("mail_outbox")
          .select("subject")
          .where("to_address", "=", account.user.email)
          .execute()
      ).map((r) => r.subject);
    await login(t, account.user.email, account.password, CHROME);
    await login(t, account.user.email, account.password, CHROME);
    expect(await subjects()).toEqual([]);
    await login(t, account.user.email, account.password, FIREFOX);
    expect(await subjects()).toEqual(["Nowe logowanie na Twoje konto SiteSnag"]);
    const change = await t.request({
      method: "PATCH",
      url: `/api/users/${account.user.id}/password`,
      token: account.accessToken,
      payload: { currentPassword: account.password, newPassword: "another-long-password" },
    });
    expect(change.statusCode).toBe(204);
    expect(await subjects()).toContain("Hasło do Twojego konta SiteSnag zostało zmienione");
    expect((await readLog(account.accessToken, "?type=password-changed")).entries).toHaveLength(1);
  });

  it("an owner requires two-factor; a member without it gets only the setup routes until it is set up", async () => {
    const clock = stepClock();
    const put = (token: string, requireMfa: unknown) =>
      t.request({ method: "PUT", url: "/api/workspace/security", token, payload: { requireMfa } });
    expectError(
      await put(owner.accessToken, true),
      403,
      "Set up two-factor authentication for your own account before requiring it of your team.",
    );
    expectError(await put(member.accessToken, true), 403);
    expectError(await put(owner.accessToken, "yes"), 400);
    await enrol(t, owner, clock);
    const on = await put(owner.accessToken, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ requireMfa: true });
    expect((await readLog(owner.accessToken, "?workspace=1&type=mfa-policy-changed")).entries).toHaveLength(1);

    const session = (await login(t, member.user.email, member.password)).json() as AuthResponse;
    const refused = await t.request({ method: "GET", url: "/api/projects", token: session.accessToken });
    expectError(
      refused,
      403,
      "Your workspace requires two-factor authentication. Set up an authenticator app to continue.",
    );
    expect(refused.json()).toMatchObject({ code: "mfa_setup_required" });
    const state = await t.request({ method: "GET", url: "/api/auth/mfa", token: session.accessToken });
    expect(state.json()).toMatchObject({ required: true, totp: { enabled: false } });

    await enrol(t, { ...member, ...session }, clock);
    const renewed = (
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: session.refreshToken } })
    ).json() as { accessToken: string };
    expect((await t.request({ method: "GET", url: "/api/projects", token: renewed.accessToken })).statusCode).toBe(200);
    expectError(
      await t.request({
        method: "POST",
        url: "/api/auth/mfa/totp/disable",
        token: renewed.accessToken,
        payload: { code: "123456" },
      }),
      403,
    );
    expect((await put(owner.accessToken, false)).json()).toEqual({ requireMfa: false });
  });
});
