// Opening a session once every check of a sign-in has passed: the tokens, the security log's
// entry (method and factor, address, browser), and an email when the browser was never seen
// signing in to this account before (not on an account's very first sign-in).
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { LoginResponse } from "@sitesnag/shared/mfa";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { secondFactorMethods, startMfaStep } from "../mfa/mfa-sign-in";
import { type ClientInfo, priorSignIns, recordSecurityEvent } from "../security-log/security-log.repository";
import { queueSecurityMail } from "../security-log/security-mail";
import { refuseIfSsoOnly } from "../sso/sso-password-policy";
import { presentUser } from "../users/users.presenter";
import { issueTokens } from "./token-rotation";

export async function openSession(
  ctx: AppContext,
  user: UserRow,
  client: ClientInfo,
  details: { method: "password" | "passkey" | "sso"; factor: "none" | "totp" | "recovery" | "passkey" },
): Promise<AuthResponse> {
  const seen = await priorSignIns(ctx.db, user.id, client.userAgent);
  const tokens = await issueTokens(ctx, user.id, client);
  await recordSecurityEvent(ctx.db, {
    type: "sign-in",
    userId: user.id,
    workspaceId: user.workspace_id,
    client,
    details,
  });
  if (seen.any && !seen.sameDevice) await queueSecurityMail(ctx, user, "new-device", client);
  return { user: presentUser(user), ...tokens };
}

/** After a right password: the second step when the account has a factor, else the session. */
export async function afterPassword(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<LoginResponse> {
  await refuseIfSsoOnly(ctx, user, client);
  const methods = await secondFactorMethods(ctx, user.id);
  if (methods.length > 0) return startMfaStep(ctx, user, methods);
  return openSession(ctx, user, client, { method: "password", factor: "none" });
}
