// Signing in through a workspace's identity provider (OpenID Connect, authorization code flow
// with PKCE, state and nonce; decision 0078). Guarantees:
// - The workspace is found by the email's domain; only an enabled connection starts a sign-in.
// - A started sign-in is named by a flow token the browser keeps for its tab (sessionStorage), so
//   an answer of the provider sent to another browser cannot sign that browser in; the flow is
//   spent by its first callback (conditional update) and lives ten minutes.
// - openid-client checks the answer: state, the `iss` parameter, the code with the PKCE verifier,
//   the ID token's signature by the provider's published keys (never `alg: none`), issuer,
//   audience and nonce. Any failure is refused with a sentence and an `sso-refused` log entry.
// - The account is found by the ID token's (issuer, subject), never by the email. A linked account
//   no longer in the workspace (removed by an owner) is refused. Without a link: the email must be
//   at the workspace's verified domain (and not marked unverified by the provider); an account of
//   that email already in the workspace is linked (also after the workspace moved to another
//   provider); a new person becomes a member just in time (the lowest role); an account of that
//   email elsewhere, or linked to another subject of this provider, is refused.
import { randomBytes } from "node:crypto";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { SsoCallback, SsoStartAnswer } from "@sitesnag/shared/sso";
import * as oidc from "openid-client";
import { normaliseEmail } from "../auth/auth.service";
import { openSession } from "../auth/sign-in";
import { hashToken } from "../auth/tokens";
import type { AppContext } from "../context";
import type { SsoConnectionsTable, UserRow } from "../db/schema";
import { recordLiveEvent } from "../events/events.writer";
import { AppError, unauthorized } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { teamEvent } from "../team/membership-moves";
import { nowSeconds } from "../time";
import { findUserByEmail, findUserById, insertUser } from "../users/users.repository";
import { findConnection, findConnectionByDomain, findIdentity, hasIdentity, secretPurpose } from "./sso.repository";
import { providerConfiguration, type RefusalReason, refusalOf } from "./sso-provider";
import { recordSsoSession } from "./sso-sessions";
import { redirectUri } from "./sso-settings";

const FLOW_TTL_SECONDS = 10 * 60;
const NAME_MAX = 100;
/** Accounts made by single sign-on have no password: this value matches no password ever. */
const NO_PASSWORD = "sso:no-password";

const NO_SSO = "Single sign-on is not set up for this email's domain. Sign in with your password.";
const PROVIDER_DOWN = "Your identity provider cannot be reached right now. Please try again in a moment.";

export const REFUSALS: Record<RefusalReason, string> = {
  "flow-expired": "This sign-in has expired. Please start again.",
  "wrong-state": "This answer does not belong to the sign-in started in this browser. Please start again.",
  "wrong-nonce": "The identity provider's token was not made for this sign-in. Please start again.",
  "wrong-issuer": "This answer did not come from your workspace's identity provider.",
  "bad-signature": "The identity provider's token is not signed with one of its published keys, so it was refused.",
  "provider-error": "The identity provider could not complete this sign-in. Please try again.",
  "no-email": "The identity provider did not share your email address, so you cannot be signed in.",
  "unverified-domain":
    "Your email address is not at your workspace's verified domain, so single sign-on cannot sign you in.",
  "removed-member": "You are no longer a member of this workspace. Ask its owner to invite you again.",
  "email-in-another-workspace":
    "An account with this email already exists outside this sign-in. Ask your workspace owner to invite it first.",
  "sso-off": "Single sign-on is turned off for this workspace.",
};

const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

async function enabledConnection(ctx: AppContext, workspaceId: string) {
  const row = await findConnection(ctx.db, workspaceId);
  return row && Number(row.enabled) === 1 ? row : undefined;
}

async function configurationOf(ctx: AppContext, row: SsoConnectionsTable): Promise<oidc.Configuration> {
  const clientSecret = ctx.secrets.open(row.client_secret, secretPurpose(row.workspace_id));
  if (!clientSecret) throw new AppError(503, PROVIDER_DOWN);
  try {
    return await providerConfiguration({ issuer: row.issuer, clientId: row.client_id, clientSecret });
  } catch {
    throw new AppError(503, PROVIDER_DOWN);
  }
}

export async function startSsoSignIn(ctx: AppContext, email: string): Promise<SsoStartAnswer> {
  const normalised = normaliseEmail(email);
  const found = await findConnectionByDomain(ctx.db, emailDomain(normalised));
  if (!found || Number(found.enabled) !== 1) throw new AppError(404, NO_SSO);
  const config = await configurationOf(ctx, found);
  const flowToken = randomBytes(32).toString("base64url");
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = nowSeconds();
  await ctx.db
    .insertInto("sso_flows")
    .values({
      id: newId(),
      token_hash: hashToken(flowToken),
      workspace_id: found.workspace_id,
      state,
      nonce,
      code_verifier: codeVerifier,
      expires_at: now + FLOW_TTL_SECONDS,
      used_at: null,
    })
    .execute();
  // Spent and expired flows of anyone go with each new one: the table stays small without a job.
  await ctx.db
    .deleteFrom("sso_flows")
    .where("expires_at", "<", now - FLOW_TTL_SECONDS)
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
    login_hint: normalised,
  });
  return { authorizationUrl: url.href, flowToken };
}

async function refuse(
  ctx: AppContext,
  reason: RefusalReason,
  where: { workspaceId: string | null; userId?: string | null; client: ClientInfo; subject?: string },
): Promise<never> {
  await recordSecurityEvent(ctx.db, {
    type: "sso-refused",
    userId: where.userId ?? null,
    workspaceId: where.workspaceId,
    client: where.client,
    details: { reason, ...(where.subject ? { subject: where.subject } : {}) },
  });
  throw unauthorized(REFUSALS[reason]);
}

const claimString = (value: unknown, max = 320): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;

export async function finishSsoSignIn(ctx: AppContext, input: SsoCallback, client: ClientInfo): Promise<AuthResponse> {
  const flow = await ctx.db
    .selectFrom("sso_flows")
    .selectAll()
    .where("token_hash", "=", hashToken(input.flowToken))
    .executeTakeFirst();
  if (!flow) throw unauthorized(REFUSALS["flow-expired"]);
  const workspaceId = flow.workspace_id;
  const spent = await ctx.db
    .updateTable("sso_flows")
    .set({ used_at: nowSeconds() })
    .where("id", "=", flow.id)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowSeconds())
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return refuse(ctx, "flow-expired", { workspaceId, client });

  const connection = await enabledConnection(ctx, workspaceId);
  if (!connection) return refuse(ctx, "sso-off", { workspaceId, client });
  const config = await configurationOf(ctx, connection);

  const query = input.params.replace(/^\?/, "");
  const currentUrl = new URL(`${redirectUri(ctx)}?${query}`);
  let claims: oidc.IDToken;
  let accessToken: string;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("no ID token");
    claims = idClaims;
    accessToken = tokens.access_token;
  } catch (error) {
    ctx.log.info({ err: error, workspaceId }, "single sign-on answer refused");
    return refuse(ctx, refusalOf(error), { workspaceId, client });
  }

  const issuer = claims.iss;
  const subject = claims.sub;
  const identity = await findIdentity(ctx.db, issuer, subject);
  if (identity) {
    const user = await findUserById(ctx.db, identity.user_id);
    if (!user || user.workspace_id !== workspaceId) {
      return refuse(ctx, "removed-member", { workspaceId, userId: identity.user_id, client, subject });
    }
    return ssoSession(ctx, user, client);
  }

  // No link yet: the email decides whether this person may join (and only then).
  let profile: Record<string, unknown> = claims;
  if (!claimString(claims.email)) {
    try {
      profile = { ...(await oidc.fetchUserInfo(config, accessToken, subject)), ...claims };
    } catch {
      return refuse(ctx, "no-email", { workspaceId, client, subject });
    }
  }
  const rawEmail = claimString(profile.email);
  if (!rawEmail) return refuse(ctx, "no-email", { workspaceId, client, subject });
  const email = normaliseEmail(rawEmail);
  if (emailDomain(email) !== connection.domain || profile.email_verified === false) {
    return refuse(ctx, "unverified-domain", { workspaceId, client, subject });
  }
  const existing = await findUserByEmail(ctx.db, email);
  if (existing && (existing.workspace_id !== workspaceId || (await hasIdentity(ctx.db, existing.id, issuer)))) {
    return refuse(ctx, "email-in-another-workspace", { workspaceId, userId: existing.id, client, subject });
  }
  const user = await ctx.db.transaction().execute(async (trx): Promise<UserRow> => {
    const now = nowSeconds();
    let account = existing;
    if (!account) {
      const local = email.slice(0, email.lastIndexOf("@"));
      account = await insertUser(trx, {
        id: newId(),
        workspace_id: workspaceId,
        email,
        password_hash: NO_PASSWORD,
        first_name: claimString(profile.given_name, NAME_MAX) ?? claimString(profile.name, NAME_MAX) ?? local,
        last_name: claimString(profile.family_name, NAME_MAX) ?? "",
        role: "user",
        membership_type: "free",
        membership_start_date: null,
        membership_end_date: null,
        workspace_role: "member",
        created_at: now,
      });
      await recordLiveEvent(trx, teamEvent(workspaceId, account.id, "joined"));
      await recordSecurityEvent(trx, {
        type: "member-added",
        userId: account.id,
        workspaceId,
        client,
        details: { role: "member", via: "sso" },
      });
    }
    await trx
      .insertInto("sso_identities")
      .values({ id: newId(), issuer, subject, user_id: account.id, created_at: now })
      .execute();
    return account;
  });
  return ssoSession(ctx, user, client);
}

async function ssoSession(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<AuthResponse> {
  const answer = await openSession(ctx, user, client, { method: "sso", factor: "none" });
  await recordSsoSession(ctx, answer.accessToken, user.id, nowSeconds());
  return answer;
}
