// Refresh-token rotation. Guarantees:
// - Every refresh retires the presented token and issues a successor in the same family.
// - A token presented after it was retired is treated as stolen and its whole family is revoked,
//   except within REUSE_GRACE_SECONDS of its rotation while its successor is still live: two tabs
//   refreshing together, or a client whose response was lost, then get a pair of their own
//   instead of signing the user out everywhere (the "reuse interval" of Auth0, Okta's grace period).
// - Logout revokes the whole family, named by a refresh token or by an access token's `sid`.
//   Tokens are stored only as SHA-256 hashes.
// - A family is a session: every access token carries its id (`sid`), and revoking the family
//   (logout, theft) ends those access tokens too (session-status.ts).
import type { TokenPair } from "@sitesnag/shared/auth";
import type { AppContext } from "../context";
import type { RefreshTokensTable } from "../db/schema";
import { unauthorized } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import { findUserById } from "../users/users.repository";
import {
  findRefreshTokenByHash,
  findRefreshTokenById,
  insertRefreshToken,
  revokeFamily,
  rotateIfLive,
} from "./refresh-tokens.repository";
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from "./tokens";

export const REUSE_GRACE_SECONDS = 30;
const INVALID_REFRESH = "Your session has expired. Please sign in again.";

/** A new access token and a new refresh token (a new family unless one is given). */
export async function issueTokens(
  ctx: AppContext,
  userId: string,
  familyId = newId(),
  refreshTokenId = newId(),
): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const now = nowSeconds();
  await insertRefreshToken(ctx.db, {
    id: refreshTokenId,
    familyId,
    userId,
    tokenHash: hashToken(refreshToken),
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS,
    createdAt: now,
  });
  return { accessToken: await ctx.tokens.signAccess(userId, familyId), refreshToken };
}

type StoredToken = Pick<RefreshTokensTable, "revoked_at" | "replaced_by">;

/** Retired moments ago by rotation, and the token that replaced it is still live. */
async function isGraceReuse(ctx: AppContext, stored: StoredToken, now: number): Promise<boolean> {
  if (stored.revoked_at === null || stored.replaced_by === null) return false;
  if (now - stored.revoked_at > REUSE_GRACE_SECONDS) return false;
  const successor = await findRefreshTokenById(ctx.db, stored.replaced_by);
  return successor !== undefined && successor.revoked_at === null && successor.expires_at > now;
}

async function refuseAsStolen(ctx: AppContext, familyId: string, userId: string, now: number): Promise<never> {
  await revokeFamily(ctx.db, familyId, now);
  await ctx.sessions.end(familyId);
  ctx.log.warn({ userId }, "refresh token reuse detected; family revoked");
  throw unauthorized(INVALID_REFRESH);
}

export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = nowSeconds();
  const stored = await findRefreshTokenByHash(ctx.db, hashToken(refreshToken));
  if (!stored) throw unauthorized(INVALID_REFRESH);
  if (stored.expires_at <= now) throw unauthorized(INVALID_REFRESH);
  const user = await findUserById(ctx.db, stored.user_id);
  if (!user) throw unauthorized(INVALID_REFRESH);

  if (stored.revoked_at !== null) {
    if (await isGraceReuse(ctx, stored, now)) return issueTokens(ctx, user.id, stored.family_id);
    return refuseAsStolen(ctx, stored.family_id, stored.user_id, now);
  }

  // The successor exists before the old token points at it, so a concurrent presentation of the
  // old token always finds a live successor.
  const successorId = newId();
  const pair = await issueTokens(ctx, user.id, stored.family_id, successorId);
  if (await rotateIfLive(ctx.db, stored.id, now, successorId)) return pair;

  // Another request rotated the same token in the same instant: the grace rule decides.
  const current = await findRefreshTokenById(ctx.db, stored.id);
  if (current && (await isGraceReuse(ctx, current, now))) return pair;
  return refuseAsStolen(ctx, stored.family_id, stored.user_id, now);
}

export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  const stored = await findRefreshTokenByHash(ctx.db, hashToken(refreshToken));
  if (!stored) return;
  await endSession(ctx, stored.family_id);
}

/**
 * Logout by access token alone (a client that lost its refresh token, or an API client that never
 * kept one): the session its `sid` names ends, so every token of that session stops working. A
 * token that does not verify changes nothing; the caller answers 204 all the same.
 */
export async function logoutByAccessToken(ctx: AppContext, accessToken: string): Promise<void> {
  const claims = await ctx.tokens.verifyAccess(accessToken);
  if (!claims) return;
  await endSession(ctx, claims.sessionId);
}

async function endSession(ctx: AppContext, familyId: string): Promise<void> {
  await revokeFamily(ctx.db, familyId, nowSeconds());
  await ctx.sessions.end(familyId);
}
