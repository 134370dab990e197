// The API-token half of the auth guard (issue 38, decision 0066). Guarantees:
// - A token is resolved with one indexed query per request (its hash, joined to its workspace's
//   owner), never cached: a token revoked or expired through any instance is refused by every
//   instance on its next request, with no message to miss.
// - The caller acts as the workspace's owner; `read` reaches GET only, `read write` the rest.
//   Accounts, teams, tokens, webhooks, mail preferences and the platform admin stay session-only.
// - Per-token limit per minute in the shared rate-limit store (Redis with REDIS_URL, else memory),
//   with RateLimit-Limit/Remaining/Reset on every answer and 429 + Retry-After past it.
// - Last use is written at most once a minute per token, whichever instance sees it first.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError, forbidden, unauthorized } from "../http/errors";
import { nowSeconds } from "../time";
import { hasApiTokenShape, hashApiTokenSecret } from "./api-token-secret";
import { findTokenCaller, touchApiToken } from "./tokens.repository";

export const TOKEN_NOT_VALID = "This API token is not valid: it was revoked or never existed";
export const TOKEN_EXPIRED = "This API token has expired";
export const TOKEN_READ_ONLY = "This API token can only read: changing anything needs the read write scope";
export const TOKEN_SESSION_ONLY =
  "API tokens cannot manage accounts, teams, tokens or webhooks: sign in to SiteSnag to do that";
export const TOKEN_TOO_MANY = "Too many requests with this API token. Please wait a minute and try again.";

/** Route patterns a token may never reach, whatever its scopes (the security log is account security, issue 40). */
const SESSION_ONLY = /^\/api\/(auth|users|team|invitations|tokens|webhooks|mail|admin|security-log)(\/|$)/;
const READ_METHODS = new Set(["GET", "HEAD"]);
const LAST_USE_EVERY_SECONDS = 60;

declare module "fastify" {
  interface FastifyRequest {
    /** The API token the request came with (undefined for a session). */
    apiTokenId?: string;
  }
}

export type TokenLimiter = (
  request: FastifyRequest,
) => Promise<
  | { isAllowed: true; key: string }
  | { isAllowed: false; max: number; remaining: number; ttlInSeconds: number; isExceeded: boolean; key: string }
>;

export const isSessionOnlyRoute = (url: string | undefined): boolean => SESSION_ONLY.test(url ?? "");

export function createTokenAuth(ctx: AppContext, limiter: TokenLimiter) {
  return async function authenticateToken(request: FastifyRequest, reply: FastifyReply, secret: string) {
    if (!hasApiTokenShape(secret)) throw unauthorized(TOKEN_NOT_VALID);
    const caller = await findTokenCaller(ctx.db, hashApiTokenSecret(secret));
    if (!caller || caller.token_revoked_at !== null) throw unauthorized(TOKEN_NOT_VALID);
    const now = nowSeconds();
    if (caller.token_expires_at !== null && caller.token_expires_at <= now) throw unauthorized(TOKEN_EXPIRED);

    request.apiTokenId = caller.token_id;
    // The refusals below already speak the owner's language (i18n/request-locale.ts).
    // The token's columns ride along unused: the row is the owner's as far as any route can tell.
    const owner: UserRow = caller;
    request.currentUser = owner;
    const limit = await limiter(request);
    if (!limit.isAllowed) {
      reply.header("ratelimit-limit", limit.max);
      reply.header("ratelimit-remaining", limit.remaining);
      reply.header("ratelimit-reset", limit.ttlInSeconds);
      if (limit.isExceeded) {
        throw new AppError(429, TOKEN_TOO_MANY, undefined, { retryAfterSeconds: limit.ttlInSeconds });
      }
    }

    if (isSessionOnlyRoute(request.routeOptions.url)) throw forbidden(TOKEN_SESSION_ONLY);
    if (!READ_METHODS.has(request.method) && caller.token_scopes !== "read write") throw forbidden(TOKEN_READ_ONLY);

    if (caller.token_last_used_at === null || caller.token_last_used_at <= now - LAST_USE_EVERY_SECONDS) {
      await touchApiToken(ctx.db, caller.token_id, now, LAST_USE_EVERY_SECONDS);
    }
    return owner;
  };
}

/** The per-token limiter: `app.createRateLimit` over the app's shared store, keyed by token id. */
export const tokenLimiterOptions = (perMinute: number) => ({
  max: perMinute,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => `api-token:${request.apiTokenId ?? "none"}`,
});
