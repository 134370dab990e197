// Passkeys (issue 40, decision 0077) through HTTP on both databases, with a software authenticator
// that signs real WebAuthn answers: registration, the second step after a password, passwordless
// sign-in, removal with a fresh factor, and the attacks — another account's passkey, a wrong
// origin or RP ID, a replayed challenge, a counter that goes back — each refused with a sentence,
// nothing changed, and a security-log entry.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { MfaChallenge, MfaStatus, PasskeyRegistered } from "@sitesnag/shared/mfa";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { expectError } from "./assertions";
import { demoLogin, joinByInvitation, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { enrol, login, stepClock } from "./mfa-helpers";
import { SoftwareAuthenticator } from "./software-authenticator";

const NOT_VERIFIED = "This passkey could not be verified. Please try again.";
const EXPIRED = "This passkey request has expired or was used already. Please try again.";
const OTHER = "This passkey belongs to another account.";
const STEP_EXPIRED = "This sign-in step has expired. Please sign in again with your password.";

describe.each(DIALECTS)("passkeys (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const authenticator = (userId = "") =>
    new SoftwareAuthenticator(t.ctx.config.webauthn.origins[0] as string, t.ctx.config.webauthn.rpId, userId);

  const logOf = async (userId: string) =>
    (
      await t.ctx.db
        .selectFrom("security_log")
        .select(["type", "details"])
        .where("user_id", "=", userId)
        .orderBy("at")
        .orderBy("id")
        .execute()
    ).map((r) => ({ type: r.type, details: JSON.parse(r.details) as Record<string, unknown> }));
  const factorRows = (userId: string) =>
    t.ctx.db.selectFrom("mfa_factors").selectAll().where("user_id", "=", userId).execute();

  const registrationOptions = async (token: string) => {
    const res = await t.request({ method: "POST", url: "/api/auth/passkeys/registration/options", token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { challenge: string; rp: { id: string }; user: { id: string }; excludeCredentials: unknown[] };
  };

  async function register(account: AuthResponse, key: SoftwareAuthenticator, name = "Work laptop") {
    const options = await registrationOptions(account.accessToken);
    const res = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/registration/verify",
      token: account.accessToken,
      payload: { name, response: key.register(options) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PasskeyRegistered;
  }

  const authOptions = async (mfaToken?: string) => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/authentication/options",
      payload: mfaToken ? { mfaToken } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { challenge: string; allowCredentials?: { id: string }[]; userVerification: string };
  };
  const authVerify = (payload: object) =>
    t.request({
      method: "POST",
      url: "/api/auth/passkeys/authentication/verify",
      payload,
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
    });

  it("registers a passkey: options for this RP and account, a real attestation verified, listed, logged and mailed; the first factor brings recovery codes", async () => {
    const account = await signUp(t);
    const options = await registrationOptions(account.accessToken);
    expect(options.rp.id).toBe(t.ctx.config.webauthn.rpId);
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(account.user.id);
    const key = authenticator(account.user.id);
    const res = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/registration/verify",
      token: account.accessToken,
      payload: { name: "  Work laptop ", response: key.register(options) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { passkey, recoveryCodes } = res.json() as PasskeyRegistered;
    expect(passkey).toMatchObject({ name: "Work laptop", lastUsedAt: null });
    expect(recoveryCodes).toHaveLength(10);

    const status = (
      await t.request({ method: "GET", url: "/api/auth/mfa", token: account.accessToken })
    ).json() as MfaStatus;
    expect(status.passkeys).toEqual([passkey]);
    expect(status.recoveryCodesLeft).toBe(10);
    const [row] = await factorRows(account.user.id);
    expect(row).toMatchObject({ kind: "passkey", credential_id: key.id, name: "Work laptop" });
    expect(await logOf(account.user.id)).toContainEqual({ type: "passkey-added", details: { name: "Work laptop" } });
    const mail = await t.ctx.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("to_address", "=", account.user.email)
      .execute();
    expect(mail.map((m) => m.subject)).toContain("A passkey was added to your SiteSnag account");

    // The same challenge again (replay) and the same credential again: refused, one row still.
    const replay = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/registration/verify",
      token: account.accessToken,
      payload: { name: "Again", response: key.register(options) },
    });
    expectError(replay, 400, EXPIRED);
    // A second passkey brings no new codes (the account has them), and the options exclude the first.
    const second = await register(account, authenticator(account.user.id), "Phone");
    expect(second.recoveryCodes).toBeNull();
    expect((await registrationOptions(account.accessToken)).excludeCredentials).toHaveLength(2);
  });

  it("refuses a registration signed for another origin or RP ID, or answering another account's challenge", async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const key = authenticator(account.user.id);
    for (const override of [{ origin: "https://evil.example" }, { rpId: "evil.example" }]) {
      const options = await registrationOptions(account.accessToken);
      const res = await t.request({
        method: "POST",
        url: "/api/auth/passkeys/registration/verify",
        token: account.accessToken,
        payload: { name: "Bad", response: key.register(options, override) },
      });
      expectError(res, 400, NOT_VERIFIED);
    }
    const theirs = await registrationOptions(other.accessToken);
    const stolen = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/registration/verify",
      token: account.accessToken,
      payload: { name: "Bad", response: key.register(theirs) },
    });
    expectError(stolen, 400, EXPIRED);
    expect(await factorRows(account.user.id)).toHaveLength(0);
    const reasons = (await logOf(account.user.id)).filter((e) => e.type === "mfa-failed").map((e) => e.details.reason);
    expect(reasons).toEqual(["wrong-origin", "wrong-rp-id", "challenge"]);
  });

  it("is the second step after a password: the login offers it, a right assertion signs in, the step is spent", async () => {
    const account = await signUp(t);
    const key = authenticator(account.user.id);
    await register(account, key);
    const step = (await login(t, account.user.email, account.password)).json() as MfaChallenge;
    expect(step).toMatchObject({ mfaRequired: true, methods: ["passkey", "recovery"] });
    const options = await authOptions(step.mfaToken);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([key.id]);
    const res = await authVerify({ mfaToken: step.mfaToken, response: key.assert(options) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AuthResponse).user.id).toBe(account.user.id);
    expect(await logOf(account.user.id)).toContainEqual({
      type: "sign-in",
      details: { method: "password", factor: "passkey" },
    });
    const [row] = await factorRows(account.user.id);
    expect(Number(row?.sign_count)).toBe(1);
    expect(row?.last_used_at).not.toBeNull();

    // The same assertion again: its challenge is spent (and so is the step).
    const replay = await authVerify({ mfaToken: step.mfaToken, response: key.assert(options) });
    expectError(replay, 401, STEP_EXPIRED);
  });

  it("refuses another account's passkey at the step, a wrong origin or RP ID, and a counter that goes back; nothing changes", async () => {
    const victim = await signUp(t);
    const attacker = await signUp(t);
    const victimKey = authenticator(victim.user.id);
    const attackerKey = authenticator(attacker.user.id);
    await register(victim, victimKey);
    await register(attacker, attackerKey);
    const step = (await login(t, victim.user.email, victim.password)).json() as MfaChallenge;

    const foreign = await authVerify({
      mfaToken: step.mfaToken,
      response: attackerKey.assert(await authOptions(step.mfaToken)),
    });
    expectError(foreign, 401, OTHER);
    const origin = await authVerify({
      mfaToken: step.mfaToken,
      response: victimKey.assert(await authOptions(step.mfaToken), { origin: "https://evil.example" }),
    });
    expectError(origin, 401, NOT_VERIFIED);
    const rpId = await authVerify({
      mfaToken: step.mfaToken,
      response: victimKey.assert(await authOptions(step.mfaToken), { rpId: "evil.example" }),
    });
    expectError(rpId, 401, NOT_VERIFIED);
    // A sign-in moves the counter to 5; an answer with 3 after it (a cloned authenticator) is refused.
    const ok = await authVerify({
      mfaToken: step.mfaToken,
      response: victimKey.assert(await authOptions(step.mfaToken), { counter: 5 }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const second = (await login(t, victim.user.email, victim.password)).json() as MfaChallenge;
    const cloned = await authVerify({
      mfaToken: second.mfaToken,
      response: victimKey.assert(await authOptions(second.mfaToken), { counter: 3 }),
    });
    expectError(cloned, 401, NOT_VERIFIED);

    const [row] = await factorRows(victim.user.id);
    expect(Number(row?.sign_count)).toBe(5);
    const failures = (await logOf(victim.user.id)).filter((e) => e.type === "mfa-failed").map((e) => e.details.reason);
    expect(failures).toEqual(["other-account-passkey", "wrong-origin", "wrong-rp-id", "counter-regression"]);
    const [attackerRow] = await factorRows(attacker.user.id);
    expect(Number(attackerRow?.sign_count)).toBe(0);
  });

  it("signs in without a password with a discoverable passkey (user verification required), once per challenge", async () => {
    const account = await signUp(t);
    const key = authenticator(account.user.id);
    await register(account, key);
    const options = await authOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");
    const answer = key.assert(options);
    const res = await authVerify({ response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AuthResponse).user.id).toBe(account.user.id);
    expect(await logOf(account.user.id)).toContainEqual({
      type: "sign-in",
      details: { method: "passkey", factor: "passkey" },
    });

    expectError(await authVerify({ response: answer }), 401, EXPIRED);
    // Without user verification, or naming another account as its user, it is refused.
    expectError(
      await authVerify({ response: key.assert(await authOptions(), { userVerified: false }) }),
      401,
      NOT_VERIFIED,
    );
    const other = await signUp(t);
    expectError(
      await authVerify({ response: key.assert(await authOptions(), { userHandle: other.user.id }) }),
      401,
      OTHER,
    );
    const failures = (await logOf(account.user.id)).filter((e) => e.type === "sign-in-failed").map((e) => e.details);
    expect(failures).toEqual([
      { method: "passkey", reason: "challenge" },
      { method: "passkey", reason: "no-user-verification" },
      { method: "passkey", reason: "user-handle-mismatch" },
    ]);
    // An unknown passkey: a sentence, nobody signed in.
    expectError(
      await authVerify({ response: authenticator().assert(await authOptions()) }),
      401,
      "This passkey is not registered with any account here.",
    );
  });

  it("removes a passkey only with a fresh factor (a code or the passkey), and not the last one the workspace requires", async () => {
    const clock = stepClock();
    const owner = await signUp(t);
    const key = authenticator(owner.user.id);
    const { passkey } = await register(owner, key);
    const remove = (payload: object) =>
      t.request({ method: "POST", url: `/api/auth/passkeys/${passkey.id}/remove`, token: owner.accessToken, payload });

    expectError(await remove({ code: "123456" }), 400);
    // Confirm options, then the workspace's policy stands in the way of the last factor.
    const policy = await t.request({
      method: "PUT",
      url: "/api/workspace/security",
      token: owner.accessToken,
      payload: { requireMfa: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const confirm = async () =>
      (
        await t.request({ method: "POST", url: "/api/auth/passkeys/confirm/options", token: owner.accessToken })
      ).json() as {
        challenge: string;
      };
    expectError(await remove({ response: key.assert(await confirm()) }), 403);
    expect(await factorRows(owner.user.id)).toHaveLength(1);

    // With an authenticator app as well, the passkey can go, confirmed by a code of it.
    const { secret } = await enrol(t, owner, clock);
    const res = await remove({ code: clock.code(secret) });
    expect(res.statusCode, res.body).toBe(204);
    expect((await factorRows(owner.user.id)).map((r) => r.kind)).toEqual(["totp"]);
    expect(await logOf(owner.user.id)).toContainEqual({
      type: "passkey-removed",
      details: { name: "Work laptop", confirmedWith: "totp" },
    });
    expectError(await remove({ code: "000000" }), 404, "Passkey not found");
  });

  it("removes with the passkey itself, the last factor taking its recovery codes along; another account's passkey is not found", async () => {
    const account = await signUp(t);
    const other = await signUp(t);
    const key = authenticator(account.user.id);
    const { passkey } = await register(account, key);
    const otherRemove = await t.request({
      method: "POST",
      url: `/api/auth/passkeys/${passkey.id}/remove`,
      token: other.accessToken,
      payload: { code: "123456" },
    });
    expectError(otherRemove, 404, "Passkey not found");
    const options = (
      await t.request({ method: "POST", url: "/api/auth/passkeys/confirm/options", token: account.accessToken })
    ).json() as { challenge: string };
    const res = await t.request({
      method: "POST",
      url: `/api/auth/passkeys/${passkey.id}/remove`,
      token: account.accessToken,
      payload: { response: key.assert(options) },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await factorRows(account.user.id)).toHaveLength(0);
    const codes = await t.ctx.db
      .selectFrom("mfa_recovery_codes")
      .select("id")
      .where("user_id", "=", account.user.id)
      .execute();
    expect(codes).toHaveLength(0);
    // Signing in needs only the password again.
    const again = await login(t, account.user.email, account.password);
    expect((again.json() as AuthResponse).accessToken).toBeDefined();
  });

  it("an account with passkeys only makes new recovery codes, confirmed by a recovery code or by a passkey", async () => {
    const account = await signUp(t);
    const key = authenticator(account.user.id);
    const { recoveryCodes } = await register(account, key);
    const regenerate = (payload: object) =>
      t.request({ method: "POST", url: "/api/auth/mfa/recovery-codes", token: account.accessToken, payload });
    const byCode = await regenerate({ code: recoveryCodes?.[0] });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const fresh = (byCode.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes?.[1]);

    const confirm = async () =>
      (
        await t.request({ method: "POST", url: "/api/auth/passkeys/confirm/options", token: account.accessToken })
      ).json() as { challenge: string };
    const options = await confirm();
    const byPasskey = await regenerate({ response: key.assert(options) });
    expect(byPasskey.statusCode, byPasskey.body).toBe(200);
    // The same answer again, and one signed for another origin: refused, the codes stay.
    expectError(await regenerate({ response: key.assert(options) }), 400, EXPIRED);
    expectError(
      await regenerate({ response: key.assert(await confirm(), { origin: "https://evil.example" }) }),
      400,
      NOT_VERIFIED,
    );
    expect(
      (await logOf(account.user.id)).filter((e) => e.type === "recovery-codes-regenerated").map((e) => e.details),
    ).toEqual([{ confirmedWith: "recovery" }, { confirmedWith: "passkey" }]);
  });

  it("a member held by the workspace policy can register a passkey, which lifts the hold at the next refresh; the owner's Team list shows who has two-factor", async () => {
    const clock = stepClock();
    const owner = await signUp(t);
    await enrol(t, owner, clock);
    vi.useRealTimers();
    const member = await joinByInvitation(t, owner, { firstName: "Mo", lastName: "Member" });
    const policy = await t.request({
      method: "PUT",
      url: "/api/workspace/security",
      token: owner.accessToken,
      payload: { requireMfa: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const held = (await login(t, member.user.email, "teammate-pass-1")).json() as AuthResponse;
    const refused = await t.request({ method: "GET", url: "/api/projects", token: held.accessToken });
    expect(refused.statusCode).toBe(403);
    expect((refused.json() as { code?: string }).code).toBe("mfa_setup_required");
    await register(held, authenticator(member.user.id));
    const refreshed = await t.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: held.refreshToken },
    });
    const { accessToken } = refreshed.json() as { accessToken: string };
    expect((await t.request({ method: "GET", url: "/api/projects", token: accessToken })).statusCode).toBe(200);

    // The Team page: the owner sees who has two-factor; a member does not get that column.
    type TeamAnswer = { members: { id: string; twoFactor?: boolean }[] };
    const ownerView = (
      await t.request({ method: "GET", url: "/api/team", token: owner.accessToken })
    ).json() as TeamAnswer;
    expect(ownerView.members.map((m) => [m.id, m.twoFactor]).sort()).toEqual(
      [
        [owner.user.id, true],
        [member.user.id, true],
      ].sort(),
    );
    const memberView = (await t.request({ method: "GET", url: "/api/team", token: accessToken })).json() as TeamAnswer;
    expect(memberView.members.every((m) => m.twoFactor === undefined)).toBe(true);
  });

  it("refuses a passkey in a demo sandbox, so the demo stays one click", async () => {
    const demo = await demoLogin(t);
    const res = await t.request({
      method: "POST",
      url: "/api/auth/passkeys/registration/options",
      token: demo.accessToken,
    });
    expectError(res, 403, "Demo accounts cannot set up two-factor authentication.");
  });
});
