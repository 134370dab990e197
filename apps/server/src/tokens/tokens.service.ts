// A workspace's API tokens (issue 38, decision 0066): one function per use case, the owner check
// first. The secret leaves the server once, in createApiToken's answer; only its hash is stored.
import {
  API_TOKEN_EXPIRY_PAST,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  MAX_API_TOKENS,
} from "@sitesnag/shared/api-tokens";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { type ClientInfo, recordSecurityEvent } from "../security-log/security-log.repository";
import { nowSeconds } from "../time";
import { newApiTokenSecret } from "./api-token-secret";
import { presentApiToken } from "./tokens.presenter";
import { countLiveApiTokens, findApiTokens, insertApiToken, revokeApiToken } from "./tokens.repository";

export const TOKENS_OWNER_ONLY = "Only the workspace owner can manage API tokens";
export const TOO_MANY_TOKENS = `A workspace can hold at most ${MAX_API_TOKENS} API tokens: revoke one first`;

function requireOwner(user: UserRow): void {
  if (user.workspace_role !== "owner") throw forbidden(TOKENS_OWNER_ONLY);
}

/** GET /api/tokens: the workspace's live tokens, newest first. */
export async function listApiTokens(ctx: AppContext, user: UserRow): Promise<ApiToken[]> {
  requireOwner(user);
  return (await findApiTokens(ctx.db, user.workspace_id)).map(presentApiToken);
}

/** POST /api/tokens: a new token and, this once, its secret. */
export async function createApiToken(
  ctx: AppContext,
  user: UserRow,
  input: ApiTokenCreate,
  client: ClientInfo,
): Promise<ApiTokenCreated> {
  requireOwner(user);
  const now = nowSeconds();
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && expiresAt <= now)
    throw badRequest(API_TOKEN_EXPIRY_PAST, { expiresAt: [API_TOKEN_EXPIRY_PAST] });
  if ((await countLiveApiTokens(ctx.db, user.workspace_id)) >= MAX_API_TOKENS) throw conflict(TOO_MANY_TOKENS);
  const { secret, prefix, hash } = newApiTokenSecret();
  const row = {
    id: newId(),
    workspace_id: user.workspace_id,
    name: input.name,
    prefix,
    token_hash: hash,
    scopes: input.scopes,
    created_by: user.id,
    created_at: now,
    expires_at: expiresAt,
    last_used_at: null,
    revoked_at: null,
  };
  // The workspace's security log records it with the token (issue 40): one transaction.
  await ctx.db.transaction().execute(async (trx) => {
    await insertApiToken(trx, row);
    await recordSecurityEvent(trx, {
      type: "api-token-created",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { tokenId: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes },
    });
  });
  const token = presentApiToken({ ...row, creator_first_name: user.first_name, creator_last_name: user.last_name });
  return { token, secret };
}

/** DELETE /api/tokens/{id}: revoked at once on every instance (the guard reads the row each time). */
export async function deleteApiToken(ctx: AppContext, user: UserRow, id: string, client: ClientInfo): Promise<void> {
  requireOwner(user);
  // Not an id we make (a NUL, say, which PostgreSQL refuses outright): not found, without a query.
  if (!UUID_PATTERN.test(id)) throw notFound("API token");
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    if (!(await revokeApiToken(trx, user.workspace_id, id, nowSeconds()))) return false;
    await recordSecurityEvent(trx, {
      type: "api-token-revoked",
      userId: user.id,
      workspaceId: user.workspace_id,
      client,
      details: { tokenId: id },
    });
    return true;
  });
  if (!revoked) throw notFound("API token");
}
