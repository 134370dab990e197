import { type Kysely, sql } from "kysely";

// Audits count against the workspace's storage quota (issue 22, decisions 0019 and 0026), and the
// platform admin can give one workspace a quota of its own.
// - `audit_photos.thumbnail_bytes` and each signature's bytes, so a removal releases what it charged.
// - `audits.storage_bytes`: every byte of stored file the audit holds, including files a signed
//   revision still shows after the draft dropped them; released whole when the audit's files are
//   deleted (audit delete, Trash purge).
// - `workspaces.storage_quota_bytes`: the admin's override (null: the configured default).
// Backfill: audit photos stored before this migration were never charged; their display copies
// (the only size recorded) are counted now, on the audit and on its workspace. Their thumbnails and
// signatures did not record a size and stay uncounted (releasing them later releases nothing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("audit_photos")
    .addColumn("thumbnail_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ["auditor_signature_bytes", "site_rep_signature_bytes", "storage_bytes"]) {
    await db.schema
      .alterTable("audits")
      .addColumn(column, "bigint", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable("workspaces").addColumn("storage_quota_bytes", "bigint").execute();
  await sql`update audits set storage_bytes = coalesce(
      (select sum(p.size_bytes) from audit_photos p where p.audit_id = audits.id), 0)`.execute(db);
  await sql`update workspaces set storage_bytes = storage_bytes + coalesce(
      (select sum(p.size_bytes) from audit_photos p where p.workspace_id = workspaces.id), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update workspaces set storage_bytes = case
      when storage_bytes > coalesce((select sum(a.storage_bytes) from audits a where a.workspace_id = workspaces.id), 0)
      then storage_bytes - coalesce((select sum(a.storage_bytes) from audits a where a.workspace_id = workspaces.id), 0)
      else 0 end`.execute(db);
  await db.schema.alterTable("workspaces").dropColumn("storage_quota_bytes").execute();
  for (const column of ["storage_bytes", "site_rep_signature_bytes", "auditor_signature_bytes"]) {
    await db.schema.alterTable("audits").dropColumn(column).execute();
  }
  await db.schema.alterTable("audit_photos").dropColumn("thumbnail_bytes").execute();
}
