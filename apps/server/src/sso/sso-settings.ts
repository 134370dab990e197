// A workspace's single sign-on settings (owners only). Guarantees:
// - The email domain is accepted only when an owner of the workspace has an account email at that
//   domain (decision 0078: "an owner's email at that domain" for a start; a DNS TXT record later),
//   and one domain belongs to one workspace.
// - The client secret is sealed (SecretBox, SECRET_ENCRYPTION_KEY) and never answered back.
// - Turning SSO on checks the provider now: its discovery document must answer for that issuer.
// - Password sign-in can be turned off for members only once a member has signed in through the
//   provider; owners always keep their password (and second factor), so an owner can always get in
//   to fix the settings when the provider breaks.
// - Every change is a security log entry (`sso-settings-changed`) written with the change.
import { SSO_CALLBACK_PATH, type SsoSettings, type SsoSettingsValues } from "@sitesnag/shared/sso";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest, conflict, forbidden } from "../http/errors";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { countLinkedMembers, findConnection, secretPurpose } from "./sso.repository";
import { issuerProblem, providerConfiguration } from "./sso-provider";

export const SSO_OWNER_ONLY = "Only a workspace owner can change single sign-on.";
const DEMO = "Demo workspaces cannot use single sign-on.";
const DOMAIN_UNVERIFIED =
  "This domain is not verified for your workspace: an owner's account email must be at this domain.";
const DOMAIN_TAKEN = "Another workspace already uses single sign-on for this email domain.";
const SECRET_MISSING = "Enter the client secret";
const PROVIDER_UNREACHABLE =
  "The identity provider did not answer at this issuer URL. Check the URL and that the provider is reachable.";
const PASSWORD_NEEDS_SSO =
  "Password sign-in can be turned off once single sign-on is on and a member has signed in with it.";

export const redirectUri = (ctx: AppContext): string => `${ctx.config.mail.publicUrl}${SSO_CALLBACK_PATH}`;

const emailDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

function requireOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden(SSO_OWNER_ONLY);
}

export async function getSsoSettings(ctx: AppContext, user: UserRow): Promise<SsoSettings> {
  requireOwner(user);
  const row = await findConnection(ctx.db, user.workspace_id);
  return {
    configured: row !== undefined,
    issuer: row?.issuer ?? "",
    clientId: row?.client_id ?? "",
    hasClientSecret: row !== undefined,
    domain: row?.domain ?? emailDomain(user.email),
    enabled: Number(row?.enabled ?? 0) === 1,
    passwordSignIn: Number(row?.password_sign_in ?? 1) === 1,
    redirectUri: redirectUri(ctx),
    linkedMembers: await countLinkedMembers(ctx.db, user.workspace_id),
  };
}

export async function setSsoSettings(
  ctx: AppContext,
  user: UserRow,
  input: SsoSettingsValues,
  client: ClientInfo,
): Promise<SsoSettings> {
  requireOwner(user);
  if (await isDemoWorkspace(ctx.db, user.workspace_id)) throw forbidden(DEMO);
  const issuer = input.issuer.replace(/\/+$/, "");
  const problem = issuerProblem(ctx.config, issuer);
  if (problem) throw badRequest(problem, { issuer: [problem] });

  const owners = await ctx.db
    .selectFrom("users")
    .select("email")
    .where("workspace_id", "=", user.workspace_id)
    .where("workspace_role", "=", "owner")
    .execute();
  if (!owners.some((o) => emailDomain(o.email) === input.domain)) {
    throw badRequest(DOMAIN_UNVERIFIED, { domain: [DOMAIN_UNVERIFIED] });
  }
  const taken = await ctx.db
    .selectFrom("sso_connections")
    .select("workspace_id")
    .where("domain", "=", input.domain)
    .where("workspace_id", "!=", user.workspace_id)
    .executeTakeFirst();
  if (taken) throw conflict(DOMAIN_TAKEN);

  const before = await findConnection(ctx.db, user.workspace_id);
  const purpose = secretPurpose(user.workspace_id);
  const typedSecret = input.clientSecret?.trim() ? input.clientSecret.trim() : undefined;
  const secret = typedSecret ?? (before ? ctx.secrets.open(before.client_secret, purpose) : null);
  if (!secret) throw badRequest(SECRET_MISSING, { clientSecret: [SECRET_MISSING] });

  if (input.enabled) {
    try {
      await providerConfiguration({ issuer, clientId: input.clientId, clientSecret: secret });
    } catch {
      throw badRequest(PROVIDER_UNREACHABLE, { issuer: [PROVIDER_UNREACHABLE] });
    }
  }
  if (!input.passwordSignIn) {
    const linked = await countLinkedMembers(ctx.db, user.workspace_id);
    if (!input.enabled || linked === 0) throw badRequest(PASSWORD_NEEDS_SSO);
  }

  const row = {
    issuer,
    client_id: input.clientId,
    client_secret: ctx.secrets.seal(secret, purpose),
    domain: input.domain,
    enabled: input.enabled ? 1 : 0,
    password_sign_in: input.passwordSignIn ? 1 : 0,
    updated_at: nowSeconds(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (before) {
      await trx.updateTable("sso_connections").set(row).where("workspace_id", "=", user.workspace_id).execute();
    } else {
      await trx
        .insertInto("sso_connections")
        .values({ workspace_id: user.workspace_id, ...row })
        .execute();
    }
    await recordSecurityEvent(trx, {
      type: "sso-settings-changed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: {
        issuer,
        domain: input.domain,
        enabled: input.enabled,
        passwordSignIn: input.passwordSignIn,
        secretChanged: typedSecret !== undefined,
      },
    });
  });
  return getSsoSettings(ctx, user);
}

export async function deleteSsoSettings(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<void> {
  requireOwner(user);
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("sso_connections")
      .where("workspace_id", "=", user.workspace_id)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return;
    await recordSecurityEvent(trx, {
      type: "sso-settings-changed",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { removed: true },
    });
  });
}
