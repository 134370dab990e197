// Forgotten passwords end to end over HTTP and a real SMTP server (issue 26): the same answer for
// every address, a link that works once within an hour, every session ended, demo accounts refused.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { FORGOT_PASSWORD_SENT } from "@sitesnag/shared/password-reset";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { hashToken } from "../src/auth/tokens";
import { loggedUrl } from "../src/http/request-log";
import { newId } from "../src/ids";
import {
  DEMO_CANNOT_RESET,
  fingerprint,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_STALE,
  RESET_LINK_USED,
} from "../src/password-reset/password-reset.service";
import { nowSeconds } from "../src/time";
import { countRows, expectError, expectFieldError } from "./assertions";
import { demoLogin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { linkIn, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

const PUBLIC_URL = "https://snag.example.com";

describe.each(DIALECTS)("password reset by email (%s)", (kind) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "SiteSnag <mail@snag.example.com>" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // Whatever an earlier test left queued goes out before this one counts.
    await t.ctx.mail.deliverDue();
    smtp.messages.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const forgot = (email: string) => t.request({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
  const reset = (token: string, password: string) =>
    t.request({ method: "POST", url: "/api/auth/reset-password", payload: { token, password } });
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

  /** Asks for a link for `email` and answers the token from the delivered message. */
  async function mailedToken(email: string): Promise<string> {
    const before = smtp.messages.length;
    expect((await forgot(email)).statusCode).toBe(202);
    await t.ctx.mail.deliverDue();
    expect(smtp.messages).toHaveLength(before + 1);
    return tokenOf(linkIn(smtp.messages.at(-1) as never, `${PUBLIC_URL}/reset-password?token=`));
  }

  it("answers the same sentence for an unknown address and mails a link only to the account", async () => {
    const user = await signUp(t, { firstName: "Ada" });
    const known = await forgot(user.user.email.toUpperCase());
    const unknown = await forgot("nobody-here@example.com");
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_SENT });

    expect(await t.ctx.mail.deliverDue()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] as (typeof smtp.messages)[number];
    expect(mail.envelopeTo).toEqual([user.user.email]);
    expect(mail.parsed.from?.text).toBe('"SiteSnag" <mail@snag.example.com>');
    expect(mail.parsed.subject).toBe("Reset your SiteSnag password");
    expect(mail.parsed.text).toContain("Hello Ada,");
    expect(mail.parsed.text).toContain("You are receiving this because a password reset was requested");
    expect(mail.parsed.html).toContain("SiteSnag");
    const link = linkIn(mail, `${PUBLIC_URL}/reset-password?token=`);
    expect(mail.parsed.html).toContain(link.replace(/&/g, "&amp;"));
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is stored.
    const stored = await t.ctx.db.selectFrom("password_resets").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(tokenOf(link));
  });

  it("sets the password once, ends every session and signs the browser in", async () => {
    const user = await signUp(t);
    const second = (
      await t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: user.user.email, password: user.password },
      })
    ).json() as AuthResponse;
    const token = await mailedToken(user.user.email);

    const check = await t.request({ method: "POST", url: "/api/auth/reset-password/check", payload: { token } });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ email: user.user.email });

    const res = await reset(token, "a-brand-new-password");
    expect(res.statusCode, res.body).toBe(200);
    const signedIn = res.json() as AuthResponse;
    expect(signedIn.user.email).toBe(user.user.email);
    expect((await t.request({ method: "GET", url: "/api/projects", token: signedIn.accessToken })).statusCode).toBe(
      200,
    );

    // Both earlier sessions are over: their access tokens and refresh tokens are refused.
    for (const session of [user, second]) {
      expect((await t.request({ method: "GET", url: "/api/projects", token: session.accessToken })).statusCode).toBe(
        401,
      );
      const refreshed = await t.request({
        method: "POST",
        url: "/api/auth/refresh",
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    const login = (password: string) =>
      t.request({ method: "POST", url: "/api/auth/login", payload: { email: user.user.email, password } });
    expect((await login(user.password)).statusCode).toBe(401);
    expect((await login("a-brand-new-password")).statusCode).toBe(200);

    // The address hears that the password changed.
    await t.ctx.mail.deliverDue();
    const notice = smtp.messages.at(-1);
    expect(notice?.envelopeTo).toEqual([user.user.email]);
    expect(notice?.parsed.subject).toBe("Your SiteSnag password was changed");
    expect(notice?.parsed.text).toContain(`${PUBLIC_URL}/forgot-password`);

    // Replayed: refused plainly, the password stays the one just set.
    expectError(await reset(token, "yet-another-password"), 400, RESET_LINK_USED);
    expectError(
      await t.request({ method: "POST", url: "/api/auth/reset-password/check", payload: { token } }),
      400,
      RESET_LINK_USED,
    );
    expect((await login("a-brand-new-password")).statusCode).toBe(200);
  });

  it("refuses a guessed, an expired and a superseded link, changing nothing", async () => {
    const user = await signUp(t);
    expectError(await reset("x".repeat(43), "a-brand-new-password"), 400, RESET_LINK_INVALID);
    expectError(await reset("short", "a-brand-new-password"), 400, RESET_LINK_INVALID);

    const expiring = await mailedToken(user.user.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 60 * 60 * 1000 + 1000 });
    expectError(await reset(expiring, "a-brand-new-password"), 400, RESET_LINK_EXPIRED);
    vi.useRealTimers();

    // A link mailed before the password was changed in the profile no longer works.
    const stale = await mailedToken(user.user.email);
    const changed = await t.request({
      method: "PATCH",
      url: `/api/users/${user.user.id}/password`,
      token: user.accessToken,
      payload: { currentPassword: user.password, newPassword: "changed-in-profile" },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expectError(await reset(stale, "a-brand-new-password"), 400, RESET_LINK_STALE);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.user.email, password: "changed-in-profile" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("checks the new password like sign-up does", async () => {
    const user = await signUp(t);
    const token = await mailedToken(user.user.email);
    expectFieldError(await reset(token, "abc"), "password", "Password must be at least 6 characters");
    expectError(
      await reset(token, "password"),
      400,
      "This password is too common. Please choose a less guessable one.",
    );
    // Refusals do not use the link up.
    expect((await reset(token, "a-good-new-password")).statusCode).toBe(200);
  });

  it("sends nothing for a demo account, and refuses its reset", async () => {
    const demo = await demoLogin(t);
    const before = await countRows(t, "password_resets");
    const res = await forgot(demo.user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(await t.ctx.mail.deliverDue()).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect(await countRows(t, "password_resets")).toBe(before);
    // Even holding a link (made here by hand: the API never mails one), a demo account cannot reset.
    const row = await t.ctx.db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", demo.user.id)
      .executeTakeFirstOrThrow();
    const token = "demo-token-demo-token-demo-token-demo-token";
    await t.ctx.db
      .insertInto("password_resets")
      .values({
        id: newId(),
        user_id: demo.user.id,
        token_hash: hashToken(token),
        password_fingerprint: fingerprint(row.password_hash),
        created_at: nowSeconds(),
        expires_at: nowSeconds() + 3600,
        used_at: null,
      })
      .execute();
    expectError(await reset(token, "a-brand-new-password"), 403, DEMO_CANNOT_RESET);
  });

  it("mails one address at most three links an hour, answering the same sentence", async () => {
    const user = await signUp(t);
    for (let i = 0; i < 5; i++) {
      const res = await forgot(user.user.email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    }
    await t.ctx.mail.deliverDue();
    expect(smtp.messages).toHaveLength(3);
  });

  it("takes as long to answer for an address without an account as for one with", async () => {
    // Each known address asked once (the fourth request for one address would skip the work),
    // interleaved with unknown ones so a change of the machine's load falls on both.
    const accounts = await Promise.all(Array.from({ length: 16 }, () => signUp(t)));
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string, into: number[]) => {
      const started = performance.now();
      expect((await forgot(email)).statusCode).toBe(202);
      into.push(performance.now() - started);
    };
    for (const [n, account] of accounts.entries()) {
      await timed(account.user.email, known);
      await timed(`nobody.${n}.${Date.now()}@example.com`, unknown);
    }
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] as number;
    const ratio = median(known) / median(unknown);
    expect(ratio, `medians: account ${median(known)} ms, none ${median(unknown)} ms`).toBeGreaterThan(0.8);
    expect(ratio, `medians: account ${median(known)} ms, none ${median(unknown)} ms`).toBeLessThan(1.25);
    await t.ctx.mail.deliverDue();
    expect(smtp.messages).toHaveLength(accounts.length);
  });

  it("refuses a malformed address with a sentence and queues nothing", async () => {
    const before = await countRows(t, "mail_outbox");
    expectFieldError(await forgot("not an address"), "email", "Invalid email address");
    expectFieldError(await forgot(""), "email", "Email is required");
    expect(await countRows(t, "mail_outbox")).toBe(before);
  });
});

describe("password reset: per-IP limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { AUTH_RATE_LIMIT: "3" });
  });
  afterAll(() => t.close());

  it("answers 429 past the IP's budget", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.request({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: `someone${i}@example.com` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });
});

describe("request log", () => {
  it("never shows a reset link's token", () => {
    expect(loggedUrl({ url: "/reset-password?token=abcDEF123_-" })).not.toContain("abcDEF123");
    expect(loggedUrl({ url: "/unsubscribe?token=abcDEF123_-" })).not.toContain("abcDEF123");
  });
});
