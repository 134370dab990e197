// The sync ledger's queries (decision 0015): one row per (user, tempId) applied, inserted inside
// the transaction of the change it records. Comments (decision 0032) and an Idempotency-Key on a
// comment share it with the report changes, so a key is used once whichever way it arrives.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { nowSeconds } from "../time";

type Q = Kysely<Database> | Transaction<Database>;

export const findApplied = (db: Q, userId: string, tempId: string) =>
  db
    .selectFrom("sync_applied")
    .selectAll()
    .where("user_id", "=", userId)
    .where("temp_id", "=", tempId)
    .executeTakeFirst();

export async function insertApplied(
  db: Q,
  userId: string,
  tempId: string,
  action: string,
  resultId: string,
): Promise<void> {
  await db
    .insertInto("sync_applied")
    .values({ user_id: userId, temp_id: tempId, action, result_id: resultId, created_at: nowSeconds() })
    .execute();
}
