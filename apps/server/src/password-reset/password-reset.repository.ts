import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, PasswordResetsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertPasswordReset(db: Q, row: Insertable<PasswordResetsTable>): Promise<void> {
  await db.insertInto("password_resets").values(row).execute();
}

export const findPasswordResetByHash = (db: Q, tokenHash: string) =>
  db.selectFrom("password_resets").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

/** Marks the link used; false when another request used it first. */
export async function claimPasswordReset(db: Q, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("password_resets")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live refresh token of the user; answers the sessions (families) it ended. */
export async function revokeAllSessions(db: Q, userId: string, now: number): Promise<string[]> {
  const ended = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .returning("family_id")
    .execute();
  return [...new Set(ended.map((row) => row.family_id))];
}

export async function deleteExpiredPasswordResets(db: Q, now: number): Promise<void> {
  await db.deleteFrom("password_resets").where("expires_at", "<", now).execute();
}
