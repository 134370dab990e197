import { type Kysely, sql } from "kysely";

// Files stored before their size was recorded (decision 0040): audit photos' thumbnails and audit
// signatures from before migration 0021, report photos' thumbnails from before 0009. They were
// never charged to the workspace's storage quota, and their rows say so (their bytes column is 0,
// which no stored file has). Their sizes are in file storage, not in the database, so this
// migration lists them from the stored rows, one row each in `unmeasured_files`, and the server
// measures them after it starts (quotas/unmeasured-files.ts): each file's size is read from
// storage and charged — to its row, its audit and its workspace — in the transaction that deletes
// its `unmeasured_files` row, so each is counted once across instances and restarts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("unmeasured_files")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("row_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("unmeasured_files_pk", ["kind", "row_id"])
    .execute();
  await listUnmeasuredFiles(db);
}

/** Lists every stored file whose row records no size (0: no stored file has that), once each. */
export async function listUnmeasuredFiles(db: Kysely<unknown>): Promise<void> {
  await sql`insert into unmeasured_files (kind, row_id)
      select 'audit-photo-thumbnail', id from audit_photos where thumbnail_bytes = 0`.execute(db);
  await sql`insert into unmeasured_files (kind, row_id)
      select 'audit-auditor-signature', id from audits
      where auditor_signature_key is not null and auditor_signature_bytes = 0`.execute(db);
  await sql`insert into unmeasured_files (kind, row_id)
      select 'audit-site-rep-signature', id from audits
      where site_rep_signature_key is not null and site_rep_signature_bytes = 0`.execute(db);
  await sql`insert into unmeasured_files (kind, row_id)
      select 'attachment-thumbnail', id from attachments
      where thumbnail_key is not null and thumbnail_bytes = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // What was measured stays charged (the rows record it, so releases stay exact).
  await db.schema.dropTable("unmeasured_files").ifExists().execute();
}
