import type { Kysely } from "kysely";

// Custom audit templates (issue 25, decision 0028): a workspace's templates with their current
// content, every published version kept (an audit keeps the version it was started with), and the
// answer of a number or text item beside the status its answer stands for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("client_id", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    .addColumn("archived_at", "bigint")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_templates_workspace")
    .on("audit_templates")
    .columns(["workspace_id", "created_at", "id"])
    .execute();
  // A retried create (the same client id) makes the template once.
  await db.schema
    .createIndex("audit_templates_client_id")
    .on("audit_templates")
    .columns(["workspace_id", "client_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("audit_template_versions")
    .addColumn("template_id", "text", (c) => c.notNull().references("audit_templates.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    /** JSON of the sections and items (shared TemplateDefinition), frozen once published. */
    .addColumn("definition", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("audit_template_versions_pk", ["template_id", "version"])
    .execute();

  await db.schema
    .alterTable("audit_answers")
    .addColumn("value", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_answers").dropColumn("value").execute();
  await db.schema.dropTable("audit_template_versions").execute();
  await db.schema.dropTable("audit_templates").execute();
}
