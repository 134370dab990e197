// Refresh-token rotation. Guarantees:
// - Every refresh retires the presented token and issues a successor in the same family. The
//   successor is derived from the presented token and the secret (TokenSigner.successorRefreshToken),
//   so one token has exactly one possible successor.
// - A token presented after it was retired is treated as stolen and its whole family is revoked,
//   except once within REUSE_GRACE_SECONDS of its rotation while its successor is still live: two
//   tabs refreshing together, or a client whose response was lost, then get the SAME successor
//   again (decision 0020), never a pair of their own, so a stolen token cannot mint sessions.
//   A second presentation inside the window is reuse like any other.
// - Logout revokes the whole family, named by a refresh token or by an access token's `sid`.
//   Tokens are stored only as SHA-256 hashes.
// - A family is a session: every access token carries its id (`sid`), and revoking the family
//   (logout, theft) ends those access tokens too (session-status.ts).
import type { TokenPair } from "@sitesnag/shared/auth";
import type { AppContext } from "../context";
import type { RefreshTokensTable } from "../db/schema";
import { unauthorized } from "../http/errors";
import { newId } from "../ids";
import { needsMfaSetupById } from "../mfa/mfa.repository";
import type { ClientInfo } from "../security-log/security-log.repository";
import { refuseOldSsoSession } from "../sso/sso-sessions";
import { nowSeconds } from "../time";
import { findUserById } from "../users/users.repository";
import {
  claimGraceReplay,
  findRefreshTokenByHash,
  findRefreshTokenById,
  insertRefreshToken,
  insertRefreshTokenIfNew,
  revokeFamily,
  rotateIfLive,
} from "./refresh-tokens.repository";
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from "./tokens";
import { recordSession, touchSession } from "./user-sessions";

export const REUSE_GRACE_SECONDS = 30;
const INVALID_REFRESH = "Your session has expired. Please sign in again.";

/**
 * A new session: an access token and a refresh token of a new family, and the session's row for
 * the person's sessions list (user-sessions.ts). While the workspace requires a second factor the
 * account lacks, the access token opens only the setup routes (claim `mfa: "setup"`); every
 * refresh decides that again, so setting the factor up and refreshing lifts it.
 */
export async function issueTokens(ctx: AppContext, userId: string, client?: ClientInfo): Promise<TokenPair> {
  const refreshToken = newRefreshToken();
  const familyId = newId();
  const now = nowSeconds();
  await insertRefreshToken(ctx.db, {
    id: newId(),
    familyId,
    userId,
    tokenHash: hashToken(refreshToken),
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS,
    createdAt: now,
  });
  await recordSession(ctx.db, familyId, userId, client, now);
  return { accessToken: await signFor(ctx, userId, familyId), refreshToken };
}

async function signFor(ctx: AppContext, userId: string, familyId: string): Promise<string> {
  return ctx.tokens.signAccess(userId, familyId, await needsMfaSetupById(ctx.db, userId));
}

type StoredToken = Pick<RefreshTokensTable, "id" | "family_id" | "user_id" | "revoked_at" | "replaced_by">;

async function refuseAsStolen(ctx: AppContext, familyId: string, userId: string, now: number): Promise<never> {
  await revokeFamily(ctx.db, familyId, now);
  await ctx.sessions.end(familyId);
  ctx.log.warn({ userId }, "refresh token reuse detected; family revoked");
  throw unauthorized(INVALID_REFRESH);
}

/**
 * A presentation of a token that is retired, or being retired by a request in flight: the same
 * successor once, within the grace window, while that successor is live; theft otherwise.
 */
async function replayOrRefuse(
  ctx: AppContext,
  stored: StoredToken,
  presented: string,
  now: number,
): Promise<TokenPair> {
  const successorToken = ctx.tokens.successorRefreshToken(presented);
  const successor = await findRefreshTokenByHash(ctx.db, hashToken(successorToken));
  // Retired by rotation (a logout or theft revokes without a successor), or still being rotated.
  const inRotation =
    stored.revoked_at === null
      ? stored.replaced_by === null
      : stored.replaced_by !== null && now - stored.revoked_at <= REUSE_GRACE_SECONDS;
  const isItsSuccessor =
    successor !== undefined &&
    successor.family_id === stored.family_id &&
    (stored.replaced_by === null || stored.replaced_by === successor.id);
  const isLive = successor !== undefined && successor.revoked_at === null && successor.expires_at > now;
  if (inRotation && isItsSuccessor && isLive && (await claimGraceReplay(ctx.db, stored.id, now))) {
    return { accessToken: await signFor(ctx, stored.user_id, stored.family_id), refreshToken: successorToken };
  }
  return refuseAsStolen(ctx, stored.family_id, stored.user_id, now);
}

export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = nowSeconds();
  const stored = await findRefreshTokenByHash(ctx.db, hashToken(refreshToken));
  if (!stored) throw unauthorized(INVALID_REFRESH);
  if (stored.expires_at <= now) throw unauthorized(INVALID_REFRESH);
  const user = await findUserById(ctx.db, stored.user_id);
  if (!user) throw unauthorized(INVALID_REFRESH);

  if (stored.revoked_at !== null) return replayOrRefuse(ctx, stored, refreshToken, now);
  await refuseOldSsoSession(ctx, stored.family_id, user.workspace_id, now, () => endSession(ctx, stored.family_id));

  // The successor exists before the old token points at it, so a concurrent presentation of the
  // old token always finds a live successor. Its hash is unique: only one request inserts it.
  const successorToken = ctx.tokens.successorRefreshToken(refreshToken);
  const successorId = newId();
  const inserted = await insertRefreshTokenIfNew(ctx.db, {
    id: successorId,
    familyId: stored.family_id,
    userId: user.id,
    tokenHash: hashToken(successorToken),
    expiresAt: now + REFRESH_TOKEN_TTL_SECONDS,
    createdAt: now,
  });
  if (inserted && (await rotateIfLive(ctx.db, stored.id, now, successorId))) {
    await touchSession(ctx.db, stored.family_id, now);
    return { accessToken: await signFor(ctx, user.id, stored.family_id), refreshToken: successorToken };
  }

  // Another request is rotating (or has rotated) the same token, or the family was revoked
  // meanwhile: the grace rule decides.
  const current = await findRefreshTokenById(ctx.db, stored.id);
  if (!current) throw unauthorized(INVALID_REFRESH);
  return replayOrRefuse(ctx, current, refreshToken, now);
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
