// Uploads against the workspace's storage quota (issue 34, decision 0048). Staged photos are not
// charged to `workspaces.storage_bytes` (a report's own copies are, at commit: decision 0025), but
// the bytes waiting in staging count against the quota whenever more are uploaded:
//   stored (charged) + pending + this request's bytes ≤ quota, else 413 and nothing is kept.
// Pending = complete uploads no report has named yet (`used_at` null) + every unfinished piece.
// - Checked before a body is read (a full workspace costs no reading), and again inside the
//   transaction that writes each piece and each completed upload, with the workspace's row locked
//   on PostgreSQL (SQLite runs one transaction at a time), so parallel uploads cannot pass it together.
// - An upload a report has named stops counting: the report's copies are charged instead. It is still
//   removed 24 hours after its last use (uploads.gc.ts).
import { PostgresAdapter, type Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { storageFull, storageUsage } from "../quotas/storage-quota";
import { pendingUploadBytes } from "./uploads.repository";

type Db = Pick<AppContext, "db" | "config">;

/**
 * 413 when `bytes` more would not fit beside what the workspace stores and has pending. `except`
 * names an upload whose pieces are about to become one file (they are not counted twice).
 */
export async function assertUploadRoom(
  ctx: Db,
  workspaceId: string,
  bytes: number,
  except?: string,
  trx?: Transaction<Database>,
): Promise<void> {
  const { usedBytes, quotaBytes } = await storageUsage(trx ? { db: trx, config: ctx.config } : ctx, workspaceId);
  const pending = await pendingUploadBytes(trx ?? ctx.db, workspaceId, except);
  if (usedBytes + pending + bytes > quotaBytes) throw storageFull(quotaBytes);
}

/** Runs `write` (a piece or a completed upload) in a transaction that first checks the room for `bytes`. */
export async function withUploadRoom<T>(
  ctx: Db,
  workspaceId: string,
  bytes: number,
  write: (trx: Transaction<Database>) => Promise<T>,
  except?: string,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      // Uploads of one workspace check and write one at a time (report commits charge the same row).
      await trx.selectFrom("workspaces").select("id").where("id", "=", workspaceId).forUpdate().execute();
    }
    await assertUploadRoom(ctx, workspaceId, bytes, except, trx);
    return write(trx);
  });
}
