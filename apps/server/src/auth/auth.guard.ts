// Route guards. Every protected route runs `authenticate`, which resolves the bearer token to a
// live user row on each request, so a deleted account or a changed role takes effect at once.
// One exception: a write this instance has just refused for the caller's budget is refused again
// (429, nothing done) before the lookup, so a flood of refused writes costs no query (0037).
// A bearer starting `sst_` is an API token (tokens/token-auth.ts) and never read as a session.
import { MFA_SETUP_REQUIRED } from "@sitesnag/shared/mfa";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, forbidden, unauthorized } from "../http/errors";
import { isApiTokenSecret } from "../tokens/api-token-secret";
import { createTokenAuth, type TokenLimiter } from "../tokens/token-auth";
import { findUserById } from "../users/users.repository";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route stays open to a session that must set up a second factor first (mfa/). */
    mfaSetupAllowed?: boolean;
  }
  interface FastifyRequest {
    currentUser?: UserRow;
    /** The session (refresh-token family) of the request's access token. */
    sessionId?: string;
  }
}

/** The request's bearer access token, unverified; undefined when there is none. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

export const MFA_SETUP_REQUIRED_SENTENCE =
  "Your workspace requires two-factor authentication. Set up an authenticator app to continue.";

export function createAuthenticate(ctx: AppContext, tokenLimiter: TokenLimiter) {
  const authenticateToken = createTokenAuth(ctx, tokenLimiter);
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token) throw unauthorized("Authentication required");
    if (isApiTokenSecret(token)) {
      const owner = await authenticateToken(request, reply, token);
      const firstWrite = request.routeOptions.config.firstWrite;
      if (firstWrite) ctx.writes.refuseIfKnown(owner.id, firstWrite(request));
      request.currentUser = owner;
      return;
    }
    const claims = await ctx.tokens.verifyAccess(token);
    // Signed out (here or on another instance), or the session's refresh token was stolen.
    if (!claims || !(await ctx.sessions.isLive(claims.sessionId))) {
      throw unauthorized("Your session has expired. Please sign in again.");
    }
    // A write route's caller refused here moments ago is refused again before the user lookup: a
    // flood of refused writes costs no query (decision 0037). The session check above still runs.
    // The workspace requires a second factor this account has not set up: only setting it up is
    // open (the claim is decided when the token is issued, token-rotation.ts). No query here.
    if (claims.mfaSetup && !request.routeOptions.config.mfaSetupAllowed) {
      throw new AppError(403, MFA_SETUP_REQUIRED_SENTENCE, undefined, { code: MFA_SETUP_REQUIRED });
    }
    const firstWrite = request.routeOptions.config.firstWrite;
    if (firstWrite) ctx.writes.refuseIfKnown(claims.userId, firstWrite(request));
    const user = await findUserById(ctx.db, claims.userId);
    if (!user) throw unauthorized("Your session has expired. Please sign in again.");
    request.currentUser = user;
    request.sessionId = claims.sessionId;
  };
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.currentUser?.role !== "admin") throw forbidden("Only administrators can do that");
}

/** The session of the signed-in request; only valid on routes guarded by `authenticate`. */
export function currentSessionId(request: FastifyRequest): string {
  if (!request.sessionId) throw unauthorized();
  return request.sessionId;
}

/** The signed-in user; only valid on routes guarded by `authenticate`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
