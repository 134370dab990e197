// Audits against the workspace's storage quota (decisions 0019 and 0026). Guarantees:
// - Every stored file of an audit (photo display copy and thumbnail, signature image) is charged to
//   the workspace in the transaction that inserts the row naming it, and added to the audit's own
//   `storage_bytes`; a refused write (413) leaves neither rows, files nor a charge.
// - A file is released only when it is really deleted: a photo or signature a signed revision still
//   shows stays charged (on the audit's `storage_bytes`) until the audit itself goes, and then the
//   audit's whole `storage_bytes` is released with its rows (delete, project cascade, Trash purge
//   through the snapshot's `file_bytes`).
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { chargeStorage, releaseStorage } from "../quotas/storage-quota";

type Q = Kysely<Database> | Transaction<Database>;

const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/** Charges `bytes` of new files to the workspace (or throws 413) and adds them to the audit. */
export async function chargeAuditFiles(
  ctx: Pick<AppContext, "config">,
  trx: Transaction<Database>,
  audit: { id: string; workspace_id: string },
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  await chargeStorage(ctx, trx, audit.workspace_id, bytes);
  await trx
    .updateTable("audits")
    .set({ storage_bytes: sql<number>`storage_bytes + ${big(bytes)}` })
    .where("id", "=", audit.id)
    .execute();
}

/** Releases `bytes` of files deleted from one audit (from the workspace and the audit). */
export async function releaseAuditFiles(
  trx: Transaction<Database>,
  audit: { id: string; workspace_id: string },
  bytes: number,
): Promise<void> {
  if (bytes <= 0) return;
  await releaseStorage(trx, audit.workspace_id, bytes);
  await trx
    .updateTable("audits")
    .set({
      storage_bytes: sql<number>`case when storage_bytes > ${big(bytes)} then storage_bytes - ${big(bytes)} else 0 end`,
    })
    .where("id", "=", audit.id)
    .execute();
}

/** Everything these audits hold in storage, released before their rows are deleted for good. */
export async function releaseAuditsStorage(trx: Transaction<Database>, auditIds: readonly string[]): Promise<void> {
  if (auditIds.length === 0) return;
  const held = await auditStorageBytes(trx, auditIds);
  for (const [workspaceId, bytes] of held) await releaseStorage(trx, workspaceId, bytes);
}

/** The bytes these audits hold, per workspace. */
export async function auditStorageBytes(db: Q, auditIds: readonly string[]): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (let i = 0; i < auditIds.length; i += 200) {
    const rows = await db
      .selectFrom("audits")
      .select(["workspace_id", "storage_bytes"])
      .where("id", "in", auditIds.slice(i, i + 200))
      .execute();
    for (const row of rows) held.set(row.workspace_id, (held.get(row.workspace_id) ?? 0) + Number(row.storage_bytes));
  }
  return held;
}

/** The files signed revisions of this audit still show (they stay until the audit is deleted). */
export async function keptByRevisions(db: Q, auditId: string): Promise<Set<string>> {
  const rows = await db.selectFrom("audit_revisions").select("file_keys").where("audit_id", "=", auditId).execute();
  return new Set(rows.flatMap((r) => JSON.parse(r.file_keys) as string[]));
}
