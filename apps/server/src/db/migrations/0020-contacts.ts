import { type Kysely, sql } from "kysely";

// External assignees (issue 27, decision 0029): a workspace's contacts — name, company, email, no
// account — and a report's second, optional assignee column. A report names a member
// (assigned_to) or a contact (assigned_contact_id), never both: the CHECK says so in both
// dialects. Deleting a contact unassigns its reports in the service's transaction (with history);
// ON DELETE SET NULL is the backstop.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("workspace_contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull())
    /** Lower-cased: one contact per address in a workspace (a retried create answers 409). */
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("workspace_contacts_email_unique", ["workspace_id", "email"])
    .execute();
  await db.schema
    .createIndex("workspace_contacts_company_idx")
    .on("workspace_contacts")
    .columns(["workspace_id", "company", "name"])
    .execute();

  await db.schema
    .alterTable("snagging_reports")
    .addColumn("assigned_contact_id", "text", (c) =>
      c
        .references("workspace_contacts.id")
        .onDelete("set null")
        .check(sql`assigned_contact_id is null or assigned_to is null`),
    )
    .execute();
  await db.schema
    .createIndex("snagging_reports_contact_idx")
    .on("snagging_reports")
    .columns(["assigned_contact_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("snagging_reports_contact_idx").ifExists().execute();
  await db.schema.alterTable("snagging_reports").dropColumn("assigned_contact_id").execute();
  await db.schema.dropTable("workspace_contacts").ifExists().execute();
}
