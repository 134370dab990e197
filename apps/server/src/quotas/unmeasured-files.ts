// Files stored before their size was recorded (migrations 0027 and 0028, decisions 0040 and 0042):
// audit photos' thumbnails and audit signatures from before migration 0021, report photos'
// thumbnails from before 0009, comment photos and their thumbnails from before 0017. Each is listed
// in `unmeasured_files`; this measures them after the server starts. Rows put back from the Trash
// carry the sizes they were trashed with, so such a file restored after the measuring is listed
// again as it is restored (`listRestoredUnmeasured`) and measured then.
// Guarantees:
// - Each listed file is counted at most once, across instances and restarts: its size is charged
//   (to its row's bytes column, to its audit's `storage_bytes`, to the workspace) in the
//   transaction that deletes its `unmeasured_files` row, and only when that delete found the row.
// - A row changed or deleted meanwhile (its bytes no longer 0, or gone) is charged nothing, so
//   what a later removal releases is what was charged.
// - The charge is not refused by the quota (the file is already stored; a workspace over its
//   quota after the count is told so on its next write, as when an admin lowers a quota).
import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { AppContext } from "../context";
import type { Database, UnmeasuredFilesTable } from "../db/schema";

type Kind = UnmeasuredFilesTable["kind"];
type Named = { key: string | null; workspaceId: string; auditId: string | null };

const BATCH = 100;
const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/** Where each kind of file is named and its size recorded: its table, key column and bytes column. */
const FILES = {
  "attachment-thumbnail": { table: "attachments", key: "thumbnail_key", bytes: "thumbnail_bytes" },
  "comment-photo": { table: "comment_photos", key: "storage_key", bytes: "size_bytes" },
  "comment-photo-thumbnail": { table: "comment_photos", key: "thumbnail_key", bytes: "thumbnail_bytes" },
  "audit-photo-thumbnail": { table: "audit_photos", key: "thumbnail_key", bytes: "thumbnail_bytes" },
  "audit-auditor-signature": { table: "audits", key: "auditor_signature_key", bytes: "auditor_signature_bytes" },
  "audit-site-rep-signature": { table: "audits", key: "site_rep_signature_key", bytes: "site_rep_signature_bytes" },
} as const satisfies Record<
  Kind,
  {
    [T in keyof Database]: { table: T; key: keyof Database[T] & string; bytes: keyof Database[T] & string };
  }[keyof Database]
>;

/** The file a listed row names, with its workspace (and audit), while its size is still unrecorded. */
async function findFile(ctx: Pick<AppContext, "db">, kind: Kind, rowId: string): Promise<Named | null> {
  if (kind === "audit-photo-thumbnail") {
    const row = await ctx.db
      .selectFrom("audit_photos")
      .select(["thumbnail_key", "workspace_id", "audit_id"])
      .where("id", "=", rowId)
      .where("thumbnail_bytes", "=", 0)
      .executeTakeFirst();
    return row ? { key: row.thumbnail_key, workspaceId: row.workspace_id, auditId: row.audit_id } : null;
  }
  if (kind === "comment-photo" || kind === "comment-photo-thumbnail") {
    const row = await ctx.db
      .selectFrom("comment_photos")
      .innerJoin("report_comments", "report_comments.id", "comment_photos.comment_id")
      .select(["comment_photos.storage_key", "comment_photos.thumbnail_key", "report_comments.workspace_id"])
      .where("comment_photos.id", "=", rowId)
      .where(kind === "comment-photo" ? "comment_photos.size_bytes" : "comment_photos.thumbnail_bytes", "=", 0)
      .executeTakeFirst();
    if (!row) return null;
    return {
      key: kind === "comment-photo" ? row.storage_key : row.thumbnail_key,
      workspaceId: row.workspace_id,
      auditId: null,
    };
  }
  if (kind === "attachment-thumbnail") {
    const row = await ctx.db
      .selectFrom("attachments")
      .select(["thumbnail_key", "workspace_id"])
      .where("id", "=", rowId)
      .where("thumbnail_bytes", "=", 0)
      .executeTakeFirst();
    return row ? { key: row.thumbnail_key, workspaceId: row.workspace_id, auditId: null } : null;
  }
  const [keyColumn, bytesColumn] =
    kind === "audit-auditor-signature"
      ? (["auditor_signature_key", "auditor_signature_bytes"] as const)
      : (["site_rep_signature_key", "site_rep_signature_bytes"] as const);
  const row = await ctx.db
    .selectFrom("audits")
    .select([keyColumn, "workspace_id", "id"])
    .where("id", "=", rowId)
    .where(bytesColumn, "=", 0)
    .executeTakeFirst();
  return row ? { key: row[keyColumn], workspaceId: row.workspace_id, auditId: row.id } : null;
}

/** Records `bytes` on the row naming the file, if it still names it unmeasured; true when it did. */
async function recordOnRow(
  trx: Transaction<Database>,
  kind: Kind,
  rowId: string,
  key: string,
  bytes: number,
): Promise<boolean> {
  const { table, key: keyColumn, bytes: bytesColumn } = FILES[kind];
  const result = await sql`update ${sql.table(table)} set ${sql.ref(bytesColumn)} = ${big(bytes)}
      where id = ${rowId} and ${sql.ref(keyColumn)} = ${key} and ${sql.ref(bytesColumn)} = 0`.execute(trx);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Measures one listed file and charges it; the listing row goes either way. True when charged. */
async function measureOne(ctx: Pick<AppContext, "db" | "storage">, kind: Kind, rowId: string): Promise<boolean> {
  const file = await findFile(ctx, kind, rowId);
  const size = file?.key ? ((await ctx.storage.stat(file.key))?.size ?? 0) : 0;
  return ctx.db.transaction().execute(async (trx) => {
    const listed = await trx
      .deleteFrom("unmeasured_files")
      .where("kind", "=", kind)
      .where("row_id", "=", rowId)
      .executeTakeFirst();
    // Another instance measured it first, or there is nothing (left) to charge.
    if (Number(listed.numDeletedRows) === 0 || !file?.key || size <= 0) return false;
    if (!(await recordOnRow(trx, kind, rowId, file.key, size))) return false;
    await trx
      .updateTable("workspaces")
      .set({ storage_bytes: sql<number>`storage_bytes + ${big(size)}` })
      .where("id", "=", file.workspaceId)
      .execute();
    if (file.auditId) {
      await trx
        .updateTable("audits")
        .set({ storage_bytes: sql<number>`storage_bytes + ${big(size)}` })
        .where("id", "=", file.auditId)
        .execute();
    }
    return true;
  });
}

/**
 * Measures every listed file (in batches, one transaction each); answers how many were charged.
 * Run once after the server starts; a run stopped half-way resumes where it was on the next start.
 */
export async function measureUnmeasuredFiles(ctx: Pick<AppContext, "db" | "storage">): Promise<number> {
  let charged = 0;
  for (;;) {
    const batch = await ctx.db.selectFrom("unmeasured_files").select(["kind", "row_id"]).limit(BATCH).execute();
    for (const row of batch) if (await measureOne(ctx, row.kind, row.row_id)) charged += 1;
    if (batch.length < BATCH) return charged;
  }
}

type SnapshotRows = Partial<Record<(typeof FILES)[Kind]["table"], Record<string, unknown>[]>>;

/** The files among rows about to be put back (a Trash restore) whose size is still unrecorded. */
function unmeasuredAmong(rows: SnapshotRows): { kind: Kind; row_id: string }[] {
  return (Object.keys(FILES) as Kind[]).flatMap((kind) => {
    const { table, key, bytes } = FILES[kind];
    return (rows[table] ?? [])
      .filter((row) => row[key] != null && Number(row[bytes] ?? 0) === 0)
      .map((row) => ({ kind, row_id: String(row.id) }));
  });
}

/**
 * Lists, in the restore's transaction, the files of the rows it puts back whose size was never
 * recorded (trashed before they were measured); the caller measures them after the commit.
 * Answers how many were listed.
 */
export async function listRestoredUnmeasured(trx: Transaction<Database>, rows: SnapshotRows): Promise<number> {
  const listed = unmeasuredAmong(rows);
  for (let i = 0; i < listed.length; i += BATCH) {
    await trx
      .insertInto("unmeasured_files")
      .values(listed.slice(i, i + BATCH))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return listed.length;
}
