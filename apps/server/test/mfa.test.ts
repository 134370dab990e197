// Two-factor sign-in (issue 40) through HTTP on both databases: enrolment, the sign-in step and its
// attacks (replay, brute force, expired or spent step tokens, another account's codes, an old
// secret), recovery codes, turning the factor off, and the demo staying one click.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ADDRESS_FAILURES } from "../src/auth/sign-in-throttle";
import { hashToken } from "../src/auth/tokens";
import { newId } from "../src/ids";
import { fingerprint } from "../src/password-reset/password-reset.service";
import { nowSeconds } from "../src/time";
import { expectError } from "./assertions";
import { demoLogin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { enrol, login, stepClock, verify } from "./mfa-helpers";

const WRONG = "That code is not right. Check the code in your authenticator app and try again.";
const EXPIRED = "This sign-in step has expired. Please sign in again with your password.";

describe.each(DIALECTS)("two-factor sign-in (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const logTypes = async (userId: string) =>
    (
      await t.ctx.db.selectFrom("security_log").select("type").where("user_id", "=", userId).orderBy("at").execute()
    ).map((r) => r.type);
  const mailSubjects = async (email: string) =>
    (await t.ctx.db.selectFrom("mail_outbox").select("subject").where("to_address", "=", email).execute()).map(
      (r) => r.subject,
    );
  const status = async (token: string) =>
    (await t.request({ method: "GET", url: "/api/auth/mfa", token })).json() as {
      totp: { enabled: boolean };
      recoveryCodesLeft: number;
    };

  it("enrols an authenticator: a secret and its QR, a wrong first code changes nothing, a right one gives ten recovery codes", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const setup = await t.request({ method: "POST", url: "/api/auth/mfa/totp", token: account.accessToken });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json() as { secret: string; otpauthUrl: string };
    expect(Object.keys(setup.json() as object).sort()).toEqual(["otpauthUrl", "secret"]);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const stored = await t.ctx.db
      .selectFrom("mfa_factors")
      .selectAll()
      .where("user_id", "=", account.user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.secret_encrypted).not.toContain(secret);

    const qr = await t.request({ method: "GET", url: "/api/auth/mfa/totp/qr", token: account.accessToken });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers["content-type"]).toContain("image/svg+xml");
    expect(qr.body).toContain("<svg");

    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/mfa/totp/confirm",
      token: account.accessToken,
      payload: { code: "000000" === clock.code(secret) ? "111111" : "000000" },
    });
    expectError(wrong, 400, WRONG);
    expect((await status(account.accessToken)).totp.enabled).toBe(false);

    clock.next();
    const confirm = await t.request({
      method: "POST",
      url: "/api/auth/mfa/totp/confirm",
      token: account.accessToken,
      payload: { code: clock.code(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    const hashes = await t.ctx.db
      .selectFrom("mfa_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", account.user.id)
      .execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    expect(await status(account.accessToken)).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10 });
    expect(await logTypes(account.user.id)).toContain("factor-added");
    expect(await mailSubjects(account.user.email)).toContain(
      "Two-factor authentication turned on for your SiteSnag account",
    );
  });

  it("a sign-in with a factor answers a step and no session; the right code opens the session as /login does", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { secret } = await enrol(t, account, clock);
    const tokensBefore = await t.ctx.db
      .selectFrom("refresh_tokens")
      .select("id")
      .where("user_id", "=", account.user.id)
      .execute();

    const first = await login(t, account.user.email, account.password);
    expect(first.statusCode).toBe(200);
    const step = first.json() as { mfaRequired: boolean; mfaToken: string; methods: string[] };
    expect(step).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ["totp", "recovery"] });
    expect(first.headers["set-cookie"]).toBeUndefined();
    const tokensAfter = await t.ctx.db
      .selectFrom("refresh_tokens")
      .select("id")
      .where("user_id", "=", account.user.id)
      .execute();
    expect(tokensAfter).toHaveLength(tokensBefore.length);

    const res = await verify(t, step.mfaToken, clock.code(secret));
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as { user: { id: string }; accessToken: string; refreshToken: string };
    expect(Object.keys(session).sort()).toEqual(["accessToken", "refreshToken", "user"]);
    expect(session.user.id).toBe(account.user.id);
    expect((await t.request({ method: "GET", url: "/api/projects", token: session.accessToken })).statusCode).toBe(200);
    const signIn = await t.ctx.db
      .selectFrom("security_log")
      .selectAll()
      .where("user_id", "=", account.user.id)
      .where("type", "=", "sign-in")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(signIn.details)).toEqual({ method: "password", factor: "totp" });
    expect(signIn.user_agent).toContain("Chrome");

    // The step token is spent: the same token again is refused, and logged.
    clock.next();
    expectError(await verify(t, step.mfaToken, clock.code(secret)), 401, EXPIRED);
    expect(await logTypes(account.user.id)).toContain("mfa-failed");
  });

  it("refuses a code used once already (replay), another account's code and a garbage or expired step token", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const other = await signUp(t);
    const { secret } = await enrol(t, account, clock);
    const { secret: otherSecret } = await enrol(t, other, clock);

    const code = clock.code(secret);
    const a = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
    expect((await verify(t, a.mfaToken, code)).statusCode).toBe(200);
    const b = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
    expectError(await verify(t, b.mfaToken, code), 401, WRONG);

    const otherCode = clock.code(otherSecret);
    if (otherCode !== clock.code(secret)) expectError(await verify(t, b.mfaToken, otherCode), 401, WRONG);

    expectError(await verify(t, "not-a-step-token", clock.code(secret)), 401, EXPIRED);
    clock.next(6 * 60);
    expectError(await verify(t, b.mfaToken, clock.code(secret)), 401, EXPIRED);
    const refused = await t.ctx.db
      .selectFrom("security_log")
      .select("details")
      .where("user_id", "=", account.user.id)
      .where("type", "=", "mfa-failed")
      .execute();
    expect(refused.map((r) => JSON.parse(r.details).reason)).toEqual(
      expect.arrayContaining(["wrong-code", "step-expired"]),
    );
  });

  it("wrong codes count in the sign-in throttle: five void a step, and the address is then held off", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { secret } = await enrol(t, account, clock);
    const wrongCode = clock.code(secret) === "123456" ? "654321" : "123456";
    for (let round = 0; round < ADDRESS_FAILURES / 5; round += 1) {
      const { mfaToken } = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
      for (let i = 0; i < 5; i += 1) expectError(await verify(t, mfaToken, wrongCode), 401, WRONG);
      // The sixth try of one step: the step is void even with the right code.
      if (round === 0) expectError(await verify(t, mfaToken, clock.code(secret)), 401, EXPIRED);
    }
    const held = await login(t, account.user.email, account.password);
    expect(held.statusCode).toBe(429);
  });

  it("signs in with a recovery code once; the same code again is refused", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { recoveryCodes } = await enrol(t, account, clock);
    const code = recoveryCodes[3] as string;
    const first = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
    const ok = await verify(t, first.mfaToken, code.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    const session = ok.json() as { accessToken: string };
    expect(await status(session.accessToken)).toMatchObject({ recoveryCodesLeft: 9 });
    expect(await logTypes(account.user.id)).toContain("recovery-code-used");
    const second = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
    expectError(await verify(t, second.mfaToken, code), 401, WRONG);
  });

  it("moving to a new authenticator stops the old secret's codes", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { secret: oldSecret } = await enrol(t, account, clock);
    const { secret: newSecret } = await enrol(t, account, clock);
    expect(newSecret).not.toBe(oldSecret);
    const factors = await t.ctx.db
      .selectFrom("mfa_factors")
      .select("id")
      .where("user_id", "=", account.user.id)
      .execute();
    expect(factors).toHaveLength(1);
    const { mfaToken } = (await login(t, account.user.email, account.password)).json() as { mfaToken: string };
    if (clock.code(oldSecret) !== clock.code(newSecret)) {
      expectError(await verify(t, mfaToken, clock.code(oldSecret)), 401, WRONG);
    }
    expect((await verify(t, mfaToken, clock.code(newSecret))).statusCode).toBe(200);
  });

  it("turning the factor off and new recovery codes need a fresh code", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { secret, recoveryCodes } = await enrol(t, account, clock);
    const token = account.accessToken;

    expectError(
      await t.request({ method: "POST", url: "/api/auth/mfa/recovery-codes", token, payload: { code: "000001" } }),
      400,
      WRONG,
    );
    const fresh = await t.request({
      method: "POST",
      url: "/api/auth/mfa/recovery-codes",
      token,
      payload: { code: clock.code(secret) },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const newCodes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(newCodes).not.toContain(recoveryCodes[0]);

    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/mfa/totp/disable",
      token,
      payload: { code: recoveryCodes[0] },
    });
    expectError(wrong, 400, WRONG);
    expect((await status(token)).totp.enabled).toBe(true);

    const off = await t.request({
      method: "POST",
      url: "/api/auth/mfa/totp/disable",
      token,
      payload: { code: newCodes[0] },
    });
    expect(off.statusCode, off.body).toBe(204);
    expect(await status(token)).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect(await logTypes(account.user.id)).toEqual(
      expect.arrayContaining(["factor-removed", "recovery-codes-regenerated"]),
    );
    expect(await mailSubjects(account.user.email)).toContain(
      "Two-factor authentication turned off for your SiteSnag account",
    );
    const direct = (await login(t, account.user.email, account.password)).json() as { accessToken?: string };
    expect(direct.accessToken).toEqual(expect.any(String));
  });

  it("the demo stays one click, and a demo account cannot set up a factor", async () => {
    const demo = await demoLogin(t);
    expect(demo.accessToken).toEqual(expect.any(String));
    expectError(await t.request({ method: "POST", url: "/api/auth/mfa/totp", token: demo.accessToken }), 403);
  }, 90_000); // a demo sandbox is seeded with photos and plans: slow on a loaded machine

  it("a password reset link of an account with a factor still asks for the code", async () => {
    const clock = stepClock();
    const account = await signUp(t);
    const { secret } = await enrol(t, account, clock);
    const user = await t.ctx.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", account.user.id)
      .executeTakeFirstOrThrow();
    const token = "a-reset-link-token-for-the-two-factor-test";
    await t.ctx.db
      .insertInto("password_resets")
      .values({
        id: newId(),
        user_id: user.id,
        token_hash: hashToken(token),
        password_fingerprint: fingerprint(user.password_hash),
        created_at: nowSeconds(),
        expires_at: nowSeconds() + 3600,
        used_at: null,
      })
      .execute();
    const res = await t.request({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "a-new-long-password" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const step = res.json() as { mfaRequired: boolean; mfaToken: string; accessToken?: string };
    expect(step.mfaRequired).toBe(true);
    expect(step.accessToken).toBeUndefined();
    expect(await logTypes(account.user.id)).toContain("password-reset");
    expect((await verify(t, step.mfaToken, clock.code(secret))).statusCode).toBe(200);
  });
});
