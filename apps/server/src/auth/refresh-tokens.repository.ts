import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

type NewRefreshToken = {
  id: string;
  familyId: string;
  userId: string;
  tokenHash: string;
  expiresAt: number;
  createdAt: number;
};

const refreshTokenRow = (token: NewRefreshToken) => ({
  id: token.id,
  family_id: token.familyId,
  user_id: token.userId,
  token_hash: token.tokenHash,
  expires_at: token.expiresAt,
  revoked_at: null,
  replaced_by: null,
  created_at: token.createdAt,
  grace_used_at: null,
});

export async function insertRefreshToken(db: Q, token: NewRefreshToken): Promise<void> {
  await db.insertInto("refresh_tokens").values(refreshTokenRow(token)).execute();
}

/** Inserts the token unless one with the same hash exists; false when it did. */
export async function insertRefreshTokenIfNew(db: Q, token: NewRefreshToken): Promise<boolean> {
  const result = await db
    .insertInto("refresh_tokens")
    .values(refreshTokenRow(token))
    .onConflict((oc) => oc.column("token_hash").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Takes a retired token's one grace replay; false when it was taken already. */
export async function claimGraceReplay(db: Q, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ grace_used_at: now })
    .where("id", "=", id)
    .where("grace_used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findRefreshTokenByHash = (db: Q, tokenHash: string) =>
  db.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

/** Retires a token in favour of its successor, only if it is still live; false means another request got there first. */
export async function rotateIfLive(db: Q, id: string, now: number, successorId: string): Promise<boolean> {
  const result = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now, replaced_by: successorId })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findRefreshTokenById = (db: Q, id: string) =>
  db.selectFrom("refresh_tokens").selectAll().where("id", "=", id).executeTakeFirst();

export async function revokeFamily(db: Q, familyId: string, now: number): Promise<void> {
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/** A family is a live session while one of its tokens is neither revoked nor expired. */
export async function hasLiveRefreshToken(db: Q, familyId: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("refresh_tokens")
    .select("id")
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredRefreshTokens(db: Q, now: number): Promise<void> {
  await db.deleteFrom("refresh_tokens").where("expires_at", "<", now).execute();
}
