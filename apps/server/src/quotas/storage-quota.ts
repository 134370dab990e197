// Storage quota per workspace (decision 0019). Guarantees:
// - `workspaces.storage_bytes` is charged in the same transaction that inserts the rows naming the
//   files, and released in the transaction that deletes them, so the figure moves with the rows:
//   a refused or failed write leaves neither rows, files nor a charge behind.
// - The charge is one conditional UPDATE (used + bytes ≤ quota): parallel writes to one workspace
//   cannot pass the quota together, on SQLite or PostgreSQL, across instances.
// - `assertStorageRoom` checks before any file is stored, so a full workspace costs no file writes;
//   the in-transaction charge stays the authority.
// Usage: storeFiles → transaction { insert rows; chargeStorage } (→ on failure delete the files);
// deletes: transaction { delete rows; releaseStorage } → delete the files.
import { formatBytes } from "@sitesnag/shared/bytes";
import { sql, type Transaction } from "kysely";
import type { Config } from "../config";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { AppError } from "../http/errors";

type Quotas = Pick<Config["quotas"], "storageBytes" | "demoStorageBytes">;

/** What a stored photo costs: its display copy and its thumbnail. */
export const storedBytesOf = (rows: readonly { size_bytes: number; thumbnail_bytes?: number | null }[]): number =>
  rows.reduce((sum, row) => sum + Number(row.size_bytes) + Number(row.thumbnail_bytes ?? 0), 0);

/** The workspace's quota: the platform admin's figure for it, else the configured default. */
export const quotaOf = (quotas: Quotas, isDemo: boolean, override?: number | string | null): number =>
  override !== null && override !== undefined
    ? Number(override)
    : isDemo
      ? quotas.demoStorageBytes
      : quotas.storageBytes;

export const storageFull = (quotaBytes: number): AppError =>
  new AppError(
    413,
    `Your workspace has used its ${formatBytes(quotaBytes)} of storage. Delete photos or reports you no longer need (deleted ones keep their room for 30 days in the Trash), or ask your administrator for more room; nothing was saved from this request.`,
  );

/** The workspace's usage and quota, for refusals and the admin's list. */
export async function storageUsage(
  ctx: Pick<AppContext, "db" | "config">,
  workspaceId: string,
): Promise<{ usedBytes: number; quotaBytes: number }> {
  const row = await ctx.db
    .selectFrom("workspaces")
    .select(["storage_bytes", "is_demo", "storage_quota_bytes"])
    .where("id", "=", workspaceId)
    .executeTakeFirst();
  return {
    usedBytes: Number(row?.storage_bytes ?? 0),
    quotaBytes: quotaOf(ctx.config.quotas, Number(row?.is_demo) === 1, row?.storage_quota_bytes),
  };
}

/** A bound number PostgreSQL cannot mistake for text (CASE gives it no type of its own). */
const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/** Before storing files: 413 when `bytes` more would not fit. Nothing is charged here. */
export async function assertStorageRoom(
  ctx: Pick<AppContext, "db" | "config">,
  workspaceId: string,
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  const { usedBytes, quotaBytes } = await storageUsage(ctx, workspaceId);
  if (usedBytes + bytes > quotaBytes) throw storageFull(quotaBytes);
}

/** Inside the transaction that inserts the rows naming the files: charges them, or throws 413. */
export async function chargeStorage(
  ctx: Pick<AppContext, "config">,
  trx: Transaction<Database>,
  workspaceId: string,
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  const { storageBytes, demoStorageBytes } = ctx.config.quotas;
  const result = await trx
    .updateTable("workspaces")
    .set({ storage_bytes: sql<number>`storage_bytes + ${big(bytes)}` })
    .where("id", "=", workspaceId)
    .where(
      sql<number>`storage_bytes + ${big(bytes)}`,
      "<=",
      sql<number>`coalesce(storage_quota_bytes, case when is_demo = 1 then ${big(demoStorageBytes)} else ${big(storageBytes)} end)`,
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const row = await trx
      .selectFrom("workspaces")
      .select(["is_demo", "storage_quota_bytes"])
      .where("id", "=", workspaceId)
      .executeTakeFirst();
    throw storageFull(quotaOf(ctx.config.quotas, Number(row?.is_demo) === 1, row?.storage_quota_bytes));
  }
}

/** Inside the transaction that deletes the rows naming the files (never below zero). */
export async function releaseStorage(trx: Transaction<Database>, workspaceId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await trx
    .updateTable("workspaces")
    .set({
      storage_bytes: sql<number>`case when storage_bytes > ${big(bytes)} then storage_bytes - ${big(bytes)} else 0 end`,
    })
    .where("id", "=", workspaceId)
    .execute();
}
