// Single sign-on end to end against a real OpenID provider (oidc-provider) started here: an owner
// configures it, people sign in through its login page, and every bad answer is refused with a
// sentence, nothing changed and a log entry written (issue 40, decision 0078).
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { SecurityLogPage } from "@sitesnag/shared/security-log";
import type { SsoSettings, SsoStartAnswer } from "@sitesnag/shared/sso";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSO_SESSION_MAX_SECONDS, SSO_SESSION_OVER } from "../src/sso/sso-sessions";
import { REFUSALS } from "../src/sso/sso-sign-in";
import { expectError } from "./assertions";
import { joinByInvitation, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { foreignSignedCopy, startTestProvider, type TestProvider, unsignedCopy } from "./oidc-test-provider";

describe.each(DIALECTS)("single sign-on (%s)", (kind) => {
  let t: TestApp;
  let idp: TestProvider;
  let owner: AuthResponse & { password: string };
  const domain = `acme-${kind}-${Date.now()}.test`;

  const settingsBody = (over: Record<string, unknown> = {}) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    domain,
    enabled: true,
    passwordSignIn: true,
    ...over,
  });

  async function start(email: string): Promise<SsoStartAnswer> {
    const res = await t.request({ method: "POST", url: "/api/auth/sso/start", payload: { email } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SsoStartAnswer;
  }

  /** Start, sign in at the provider as `login`, then post the answer (changed by `alter`). */
  async function signInVia(login: string, alter: (params: URLSearchParams) => void = () => {}, email = login) {
    const begun = await start(email);
    const params = new URLSearchParams(await idp.signIn(begun.authorizationUrl, login));
    alter(params);
    const res = await t.request({
      method: "POST",
      url: "/api/auth/sso/callback",
      payload: { flowToken: begun.flowToken, params: params.toString() },
    });
    return { res, begun };
  }

  const workspaceLog = async () =>
    (
      (
        await t.request({ method: "GET", url: "/api/security-log?workspace=1", token: owner.accessToken })
      ).json() as SecurityLogPage
    ).entries;

  const userCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirst()
      )?.n,
    );

  async function expectRefused(res: Awaited<ReturnType<typeof signInVia>>["res"], reason: keyof typeof REFUSALS) {
    expectError(res, 401, REFUSALS[reason]);
    const entry = (await workspaceLog()).find((e) => e.type === "sso-refused" && e.details.reason === reason);
    expect(entry, `a log entry for ${reason}`).toBeDefined();
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { SSO_ALLOW_LOCAL_HTTP_ISSUER: "true" });
    idp = await startTestProvider(`${t.ctx.config.mail.publicUrl}/sso/callback`);
    owner = await signUp(t, { email: `owner@${domain}` });
  });
  afterAll(async () => {
    await idp?.close();
    await t?.close();
  });

  it("an owner configures the provider: the secret is sealed, the redirect URI shown, the change logged", async () => {
    const first = await t.request({ method: "GET", url: "/api/workspace/sso", token: owner.accessToken });
    expect(first.json()).toMatchObject({
      configured: false,
      domain,
      redirectUri: expect.stringMatching(/\/sso\/callback$/),
    });

    expectError(
      await t.request({
        method: "PUT",
        url: "/api/workspace/sso",
        token: owner.accessToken,
        payload: settingsBody({ domain: "elsewhere.test" }),
      }),
      400,
      "This domain is not verified for your workspace: an owner's account email must be at this domain.",
    );
    expectError(
      await t.request({
        method: "PUT",
        url: "/api/workspace/sso",
        token: owner.accessToken,
        payload: settingsBody({ issuer: "http://idp.example.com" }),
      }),
      400,
      "The issuer URL must start with https://",
    );
    for (const issuer of ["https://10.0.0.5", "https://127.0.0.1:8443", "https://[::1]", "https://169.254.169.254"]) {
      expectError(
        await t.request({
          method: "PUT",
          url: "/api/workspace/sso",
          token: owner.accessToken,
          payload: settingsBody({ issuer }),
        }),
        400,
        "The issuer URL must be a public address of your identity provider.",
      );
    }
    expectError(
      await t.request({
        method: "PUT",
        url: "/api/workspace/sso",
        token: owner.accessToken,
        payload: settingsBody({ passwordSignIn: false }),
      }),
      400,
      "Password sign-in can be turned off once single sign-on is on and a member has signed in with it.",
    );

    const saved = await t.request({
      method: "PUT",
      url: "/api/workspace/sso",
      token: owner.accessToken,
      payload: settingsBody(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json() as SsoSettings;
    expect(settings).toMatchObject({ configured: true, enabled: true, issuer: idp.issuer, hasClientSecret: true });
    expect(saved.body).not.toContain(idp.clientSecret);
    const row = await t.ctx.db.selectFrom("sso_connections").selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain(idp.clientSecret);
    expect(row.client_secret.startsWith("v1:")).toBe(true);

    // Saved again without a secret: the stored one is kept.
    const again = await t.request({
      method: "PUT",
      url: "/api/workspace/sso",
      token: owner.accessToken,
      payload: settingsBody({ clientSecret: undefined }),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await workspaceLog()).filter((e) => e.type === "sso-settings-changed")).toHaveLength(2);
  });

  it("a member cannot read or change the settings", async () => {
    const member = await joinByInvitation(t, owner, { firstName: "Pat", lastName: "Member" });
    expectError(await t.request({ method: "GET", url: "/api/workspace/sso", token: member.accessToken }), 403);
    expectError(
      await t.request({ method: "PUT", url: "/api/workspace/sso", token: member.accessToken, payload: settingsBody() }),
      403,
      "Only a workspace owner can change single sign-on.",
    );
  });

  it("an email at a domain without single sign-on is told so", async () => {
    expectError(
      await t.request({ method: "POST", url: "/api/auth/sso/start", payload: { email: "someone@nowhere.test" } }),
      404,
      "Single sign-on is not set up for this email's domain. Sign in with your password.",
    );
  });

  let jit: AuthResponse;
  it("a first sign-in makes the person a member just in time; a second signs the same account in", async () => {
    const email = `jit.member@${domain}`;
    const { begun, res } = await signInVia(email);
    const url = new URL(begun.authorizationUrl);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(res.statusCode, res.body).toBe(200);
    jit = res.json() as AuthResponse;
    expect(jit.user).toMatchObject({ email, firstName: "Jit", lastName: "Member" });
    const row = await t.ctx.db.selectFrom("users").selectAll().where("id", "=", jit.user.id).executeTakeFirstOrThrow();
    expect(row.workspace_id).toBe(owner.user.workspaceId);
    expect(row.workspace_role).toBe("member");

    const me = await t.request({ method: "GET", url: "/api/team", token: jit.accessToken });
    expect(me.statusCode).toBe(200);

    const second = (await signInVia(email)).res;
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as AuthResponse).user.id).toBe(jit.user.id);
    const links = await t.ctx.db.selectFrom("sso_identities").selectAll().where("user_id", "=", jit.user.id).execute();
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ issuer: idp.issuer, subject: email });

    const log = await workspaceLog();
    expect(log.filter((e) => e.type === "sign-in" && e.details.method === "sso")).toHaveLength(2);
    expect(log.find((e) => e.type === "member-added" && e.details.via === "sso")).toBeDefined();

    // Another subject of the provider with the same email (differently cased) is not that account.
    await expectRefused((await signInVia(`JIT.MEMBER@${domain}`)).res, "email-in-another-workspace");
  });

  it("a spent flow cannot be used twice", async () => {
    const begun = await start(`jit.member@${domain}`);
    const params = await idp.signIn(begun.authorizationUrl, `jit.member@${domain}`);
    const payload = { flowToken: begun.flowToken, params };
    expect((await t.request({ method: "POST", url: "/api/auth/sso/callback", payload })).statusCode).toBe(200);
    await expectRefused(await t.request({ method: "POST", url: "/api/auth/sso/callback", payload }), "flow-expired");
  });

  it("refuses a wrong state, a wrong issuer and a wrong nonce, changing nothing", async () => {
    const before = await userCount();
    await expectRefused(
      (await signInVia(`state.person@${domain}`, (p) => p.set("state", "not-the-state"))).res,
      "wrong-state",
    );
    await expectRefused(
      (await signInVia(`iss.person@${domain}`, (p) => p.set("iss", "https://attacker.example"))).res,
      "wrong-issuer",
    );

    // The nonce kept for the flow is not the one the provider put in the ID token.
    const begun = await start(`nonce.person@${domain}`);
    const params = await idp.signIn(begun.authorizationUrl, `nonce.person@${domain}`);
    await t.ctx.db.updateTable("sso_flows").set({ nonce: "another-nonce" }).where("used_at", "is", null).execute();
    await expectRefused(
      await t.request({
        method: "POST",
        url: "/api/auth/sso/callback",
        payload: { flowToken: begun.flowToken, params },
      }),
      "wrong-nonce",
    );
    expect(await userCount()).toBe(before);
  });

  it("refuses an ID token with alg none or signed by an unknown key", async () => {
    const before = await userCount();
    try {
      idp.tamperIdTokens(unsignedCopy);
      await expectRefused((await signInVia(`none.person@${domain}`)).res, "bad-signature");
      idp.tamperIdTokens(foreignSignedCopy);
      const { res } = await signInVia(`foreign.person@${domain}`);
      expectError(res, 401, REFUSALS["bad-signature"]);
    } finally {
      idp.tamperIdTokens(undefined);
    }
    expect(
      (await workspaceLog()).filter((e) => e.type === "sso-refused" && e.details.reason === "bad-signature"),
    ).toHaveLength(2);
    expect(await userCount()).toBe(before);
  });

  it("refuses an email at an unverified domain", async () => {
    const before = await userCount();
    // Discovered by a work email, then signed in at the provider as someone of another domain.
    const { res } = await signInVia("eve@evil.test", () => {}, `eve@${domain}`);
    await expectRefused(res, "unverified-domain");
    expect(await userCount()).toBe(before);
  });

  it("owners may turn password sign-in off for members once a member signed in with SSO; owners keep theirs", async () => {
    const member = await joinByInvitation(t, owner, {
      firstName: "Pass",
      lastName: "Word",
      email: `pass.word@${domain}`,
    });
    const off = await t.request({
      method: "PUT",
      url: "/api/workspace/sso",
      token: owner.accessToken,
      payload: settingsBody({ clientSecret: undefined, passwordSignIn: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expectError(
      await t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: member.user.email, password: "teammate-pass-1" },
      }),
      403,
      "Your workspace signs in with single sign-on. Choose “Sign in with SSO” and enter your work email.",
    );
    const ownerLogin = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.user.email, password: owner.password },
    });
    expect(ownerLogin.statusCode, ownerLogin.body).toBe(200);

    // The member's account is linked at their first single sign-on (same workspace, same email).
    const linked = (await signInVia(member.user.email)).res;
    expect(linked.statusCode, linked.body).toBe(200);
    expect((linked.json() as AuthResponse).user.id).toBe(member.user.id);
  });

  it("a single sign-on session ends at its maximum age, and someone IT disabled cannot come back", async () => {
    const email = `shift.worker@${domain}`;
    const { res } = await signInVia(email);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as AuthResponse;
    const refreshed = await t.request({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const tokens = refreshed.json() as { accessToken: string; refreshToken: string };

    // Twelve hours and a minute later (the session's opening moved back).
    await t.ctx.db
      .updateTable("sso_sessions")
      .set({ opened_at: Math.floor(Date.now() / 1000) - SSO_SESSION_MAX_SECONDS - 60 })
      .where("user_id", "=", session.user.id)
      .execute();
    expectError(
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: tokens.refreshToken } }),
      401,
      SSO_SESSION_OVER,
    );
    expectError(await t.request({ method: "GET", url: "/api/team", token: tokens.accessToken }), 401);
    expect(
      (await workspaceLog()).find((e) => e.type === "session-ended" && e.details.reason === "sso-max-age"),
    ).toBeDefined();

    // Password sessions are not affected: the owner's refreshes as before.
    const ownerRefresh = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.user.email, password: owner.password },
    });
    const ownerTokens = ownerRefresh.json() as AuthResponse;
    await t.ctx.db.updateTable("sso_sessions").set({ opened_at: 1 }).execute();
    expect(
      (
        await t.request({
          method: "POST",
          url: "/api/auth/refresh",
          payload: { refreshToken: ownerTokens.refreshToken },
        })
      ).statusCode,
    ).toBe(200);

    // IT disables the person: the provider does not send them back with a code any more.
    idp.disable(email);
    const begun = await start(email);
    await expect(idp.signIn(begun.authorizationUrl, email)).rejects.toThrow();
  });

  it("a removed member is refused at their next sign-in and their sessions end", async () => {
    const removed = await t.request({
      method: "DELETE",
      url: `/api/team/members/${jit.user.id}`,
      token: owner.accessToken,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expectError(
      await t.request({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: jit.refreshToken } }),
      401,
    );
    expectError(await t.request({ method: "GET", url: "/api/team", token: jit.accessToken }), 401);

    const before = await userCount();
    await expectRefused((await signInVia(`jit.member@${domain}`)).res, "removed-member");
    expect(await userCount()).toBe(before);
  });
});
