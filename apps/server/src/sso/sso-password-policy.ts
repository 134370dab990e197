// Password sign-in of a workspace that signs in with single sign-on (decision 0078): once an owner
// turns password sign-in off, a member's right password opens nothing (a sentence and a log
// entry); owners keep their password and second factor, so someone can always fix the settings.
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError } from "../http/errors";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { findConnection } from "./sso.repository";

const SSO_ONLY = "Your workspace signs in with single sign-on. Choose “Sign in with SSO” and enter your work email.";

/** Members of a workspace that turned password sign-in off are refused after a right password. */
export async function refuseIfSsoOnly(ctx: AppContext, user: UserRow, client: ClientInfo): Promise<void> {
  if (user.workspace_role === "owner") return;
  const row = await findConnection(ctx.db, user.workspace_id);
  if (!row || Number(row.enabled) !== 1 || Number(row.password_sign_in) === 1) return;
  await recordSecurityEvent(ctx.db, {
    type: "sign-in-failed",
    userId: user.id,
    workspaceId: user.workspace_id,
    client,
    details: { method: "password", reason: "sso-only" },
  });
  throw new AppError(403, SSO_ONLY);
}
