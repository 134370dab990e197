// Kysely queries for API tokens (migration 0041); every one takes the handle it runs on.
import type { Kysely, Transaction } from "kysely";
import { preparedQuery } from "../db/prepared";
import type { ApiTokenRow, ApiTokensTable, Database, UserRow } from "../db/schema";

type Db = Kysely<Database> | Transaction<Database>;

export type ApiTokenListRow = ApiTokenRow & { creator_first_name: string | null; creator_last_name: string | null };

/** A workspace's live tokens (not revoked), newest first, with their creator's name. */
export const findApiTokens = (db: Db, workspaceId: string): Promise<ApiTokenListRow[]> =>
  db
    .selectFrom("api_tokens as t")
    .leftJoin("users as u", "u.id", "t.created_by")
    .selectAll("t")
    .select(["u.first_name as creator_first_name", "u.last_name as creator_last_name"])
    .where("t.workspace_id", "=", workspaceId)
    .where("t.revoked_at", "is", null)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .execute();

export const countLiveApiTokens = async (db: Db, workspaceId: string): Promise<number> => {
  const row = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

export const insertApiToken = (db: Db, row: ApiTokensTable) => db.insertInto("api_tokens").values(row).execute();

/** Marks the workspace's token revoked; answers whether there was a live one to revoke. */
export async function revokeApiToken(db: Db, workspaceId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: now })
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type TokenCaller = UserRow & {
  token_id: string;
  token_scopes: ApiTokenRow["scopes"];
  token_expires_at: number | null;
  token_revoked_at: number | null;
  token_last_used_at: number | null;
};

/**
 * The token with this hash and the owner of its workspace, in one query (the guard's only one for
 * a token request), compiled once like the session's user lookup (db/prepared.ts). The owner is
 * the workspace's first owner account.
 */
export const findTokenCaller = async (db: Kysely<Database>, tokenHash: string): Promise<TokenCaller | undefined> =>
  (await tokenCaller(db, { tokenHash }))[0] as TokenCaller | undefined;

const tokenCaller = preparedQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom("api_tokens as t")
    .innerJoin("users as u", (join) =>
      join.onRef("u.workspace_id", "=", "t.workspace_id").on("u.workspace_role", "=", "owner"),
    )
    .selectAll("u")
    .select([
      "t.id as token_id",
      "t.scopes as token_scopes",
      "t.expires_at as token_expires_at",
      "t.revoked_at as token_revoked_at",
      "t.last_used_at as token_last_used_at",
    ])
    .where("t.token_hash", "=", p.tokenHash)
    .orderBy("u.created_at")
    .limit(1),
);

/** At most one write per token per `every` seconds, whichever instance gets there first. */
export const touchApiToken = (db: Db, id: string, now: number, every: number) =>
  db
    .updateTable("api_tokens")
    .set({ last_used_at: now })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", now - every)]))
    .execute();
