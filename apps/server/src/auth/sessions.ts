// Signing a user's other sessions out (after a password change) while keeping the one in use.
// A session is a refresh-token family; the one in use is the `sid` of the request's access token.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Revokes every live refresh token of `userId` outside the family `keepSessionId`, and answers the
 * families it ended so the caller can refuse their access tokens at once (SessionStatus.end).
 */
export async function revokeOtherSessions(
  db: Q,
  userId: string,
  keepSessionId: string,
  now: number,
): Promise<string[]> {
  const ended = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("family_id", "!=", keepSessionId)
    .returning("family_id")
    .execute();
  return [...new Set(ended.map((row) => row.family_id))];
}
