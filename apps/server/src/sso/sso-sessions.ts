// Sessions opened by single sign-on last at most SSO_SESSION_MAX_SECONDS (decision 0078). OpenID
// Connect gives no cheap way to ask the provider at each refresh whether someone was disabled, so
// the session is sent back to the provider instead: past its maximum age, a refresh is refused
// (the family revoked, its access tokens stopped, a log entry), and signing in again goes through
// the provider, which refuses a person IT has disabled. Checked at refresh only (at least daily,
// at most once per access token's life), never per request.
import type { AppContext } from "../context";
import { unauthorized } from "../http/errors";
import { recordSecurityEvent } from "../security-log/security-log.repository";

/** Twelve hours: a working day on site, then the company's sign-in again. */
export const SSO_SESSION_MAX_SECONDS = 12 * 60 * 60;
export const SSO_SESSION_OVER = "Your single sign-on session has ended. Please sign in with SSO again.";

/** Notes a session single sign-on opened (its refresh-token family, from the access token's `sid`). */
export async function recordSsoSession(ctx: AppContext, accessToken: string, userId: string, now: number) {
  const claims = await ctx.tokens.verifyAccess(accessToken);
  if (!claims) return;
  await ctx.db
    .insertInto("sso_sessions")
    .values({ family_id: claims.sessionId, user_id: userId, opened_at: now })
    .execute();
  // Rows past any session's life go with each new one: the table stays small without a job.
  await ctx.db
    .deleteFrom("sso_sessions")
    .where("opened_at", "<", now - 2 * SSO_SESSION_MAX_SECONDS)
    .execute();
}

/** Refuses the refresh of a single sign-on session past its maximum age; other sessions pass. */
export async function refuseOldSsoSession(
  ctx: AppContext,
  familyId: string,
  workspaceId: string,
  now: number,
  end: () => Promise<void>,
): Promise<void> {
  const row = await ctx.db.selectFrom("sso_sessions").selectAll().where("family_id", "=", familyId).executeTakeFirst();
  if (!row || Number(row.opened_at) + SSO_SESSION_MAX_SECONDS > now) return;
  await end();
  await recordSecurityEvent(ctx.db, {
    type: "session-ended",
    userId: row.user_id,
    workspaceId,
    details: { reason: "sso-max-age" },
  });
  throw unauthorized(SSO_SESSION_OVER);
}
