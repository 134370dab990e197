import type { PasskeyInfo } from "@sitesnag/shared/mfa";
import type { Kysely, Transaction } from "kysely";
import type { Database, MfaFactorsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findConfirmedTotp = (db: Q, userId: string) =>
  db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", "totp")
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();

export const findPendingTotp = (db: Q, userId: string) =>
  db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", "totp")
    .where("confirmed_at", "is", null)
    .executeTakeFirst();

/** Whether the account has any confirmed second factor. */
export async function hasFactor(db: Q, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("mfa_factors")
    .select("id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes time step `step` of the factor: false when that step or a later one was taken already. */
export async function claimTotpStep(db: Q, factorId: string, step: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("mfa_factors")
    .set({ last_used_step: step, last_used_at: now })
    .where("id", "=", factorId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(db: Q, userId: string, hashes: string[], now: number, newId: () => string) {
  await db.deleteFrom("mfa_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("mfa_recovery_codes")
    .values(hashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** Uses an unused recovery code of the account: false when there is none with that hash. */
export async function claimRecoveryCode(db: Q, userId: string, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable("mfa_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function countUnusedRecoveryCodes(db: Q, userId: string): Promise<number> {
  const row = await db
    .selectFrom("mfa_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the account's workspace requires a factor it has not got (never in a demo sandbox). */
export async function needsMfaSetupById(db: Q, userId: string): Promise<boolean> {
  const workspace = await db
    .selectFrom("users")
    .innerJoin("workspaces", "workspaces.id", "users.workspace_id")
    .select(["workspaces.require_mfa", "workspaces.is_demo"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!workspace || Number(workspace.require_mfa) !== 1 || Number(workspace.is_demo) === 1) return false;
  return !(await hasFactor(db, userId));
}

/** The account's passkeys, oldest first. */
export const findPasskeyRows = (db: Q, userId: string) =>
  db
    .selectFrom("mfa_factors")
    .selectAll()
    .where("user_id", "=", userId)
    .where("kind", "=", "passkey")
    .where("confirmed_at", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

export const presentPasskey = (row: MfaFactorsTable): PasskeyInfo => ({
  id: row.id,
  name: row.name ?? "",
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

export const listPasskeys = async (db: Q, userId: string): Promise<PasskeyInfo[]> =>
  (await findPasskeyRows(db, userId)).map(presentPasskey);

export async function hasPasskey(db: Q, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("mfa_factors")
    .select("id")
    .where("user_id", "=", userId)
    .where("kind", "=", "passkey")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
