import type { Kysely } from "kysely";

// Site audits on the server (issue 25, decision 0026): the audit with its signatures (image files
// in storage, signer name and time here), one row per answered item, photos through the photo
// pipeline, the answer history (last write wins per item, and the overwritten value is kept), and
// the signed revisions a later change leaves readable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("project_id", "text", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("client_id", "text")
    .addColumn("auditor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("auditor_name", "text", (c) => c.notNull())
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("template_version", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("audit_date", "bigint", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("form_data", "text", (c) => c.notNull())
    .addColumn("overall_score", "integer", (c) => c.notNull())
    .addColumn("total_items", "integer", (c) => c.notNull())
    .addColumn("passed_items", "integer", (c) => c.notNull())
    .addColumn("failed_items", "integer", (c) => c.notNull())
    .addColumn("auditor_signature_key", "text")
    .addColumn("auditor_signer_name", "text")
    .addColumn("auditor_signed_at", "bigint")
    .addColumn("site_rep_name", "text", (c) => c.notNull())
    .addColumn("site_rep_signature_key", "text")
    .addColumn("site_rep_signed_at", "bigint")
    .addColumn("completed_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audits_workspace_page")
    .on("audits")
    .columns(["workspace_id", "created_at", "id"])
    .execute();
  await db.schema.createIndex("audits_project_page").on("audits").columns(["project_id", "created_at", "id"]).execute();
  // A device's audit is uploaded at most once per workspace.
  await db.schema
    .createIndex("audits_client_id")
    .on("audits")
    .columns(["workspace_id", "client_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("audit_answers")
    .addColumn("audit_id", "text", (c) => c.notNull().references("audits.id").onDelete("cascade"))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("risk_severity", "integer")
    .addColumn("risk_likelihood", "integer")
    .addColumn("action_owner", "text", (c) => c.notNull())
    .addColumn("due_date", "bigint")
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("audit_answers_pk", ["audit_id", "item_id"])
    .execute();

  await db.schema
    .createTable("audit_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("audit_id", "text", (c) => c.notNull().references("audits.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("item_id", "text", (c) => c.notNull())
    /** `<Idempotency-Key>#<n>` of the upload that added it, so a repeated upload adds nothing. */
    .addColumn("client_id", "text")
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("thumbnail_key", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_photos_item")
    .on("audit_photos")
    .columns(["audit_id", "item_id", "position"])
    .execute();
  await db.schema
    .createIndex("audit_photos_client_id")
    .on("audit_photos")
    .columns(["audit_id", "client_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("audit_answer_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("audit_id", "text", (c) => c.notNull().references("audits.id").onDelete("cascade"))
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("overwrote", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_answer_history_audit")
    .on("audit_answer_history")
    .columns(["audit_id", "created_at"])
    .execute();

  await db.schema
    .createTable("audit_revisions")
    .addColumn("audit_id", "text", (c) => c.notNull().references("audits.id").onDelete("cascade"))
    .addColumn("revision", "integer", (c) => c.notNull())
    /** The signed audit as the API answered it, frozen. */
    .addColumn("snapshot", "text", (c) => c.notNull())
    /** Files the snapshot shows (signatures, photos): kept until the audit itself is deleted. */
    .addColumn("file_keys", "text", (c) => c.notNull())
    .addColumn("completed_at", "bigint", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("audit_revisions_pk", ["audit_id", "revision"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["audit_revisions", "audit_answer_history", "audit_photos", "audit_answers", "audits"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
