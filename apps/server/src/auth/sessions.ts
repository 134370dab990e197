// Signing a user's other sessions out (after a password change) while keeping the one in use.
// A session is a refresh-token family; the caller names its own by presenting its refresh token.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { hashToken } from "./tokens";

type Q = Kysely<Database> | Transaction<Database>;

/** Revokes every live refresh token of `userId` outside the family of `keepRefreshToken`. */
export async function revokeOtherSessions(
  db: Q,
  userId: string,
  keepRefreshToken: string | undefined,
  now: number,
): Promise<void> {
  const kept = keepRefreshToken
    ? await db
        .selectFrom("refresh_tokens")
        .select("family_id")
        .where("token_hash", "=", hashToken(keepRefreshToken))
        .where("user_id", "=", userId)
        .executeTakeFirst()
    : undefined;
  let q = db
    .updateTable("refresh_tokens")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (kept) q = q.where("family_id", "!=", kept.family_id);
  await q.execute();
}
