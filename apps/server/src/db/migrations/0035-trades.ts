import type { Kysely } from "kysely";

// A workspace's trades (issue 36, decision 0052). A workspace without a row here has SPEC's seven
// as they always were; its first change to its trades writes the seven and the change in one
// transaction, so the migration writes nothing for existing workspaces and signing up, invitations
// and demo sandboxes need no seeding step. Reports keep `category` = a trade's key (text, as before).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trades")
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    /** The name lower-cased: two trades of a workspace never share a name (a retried create answers 409). */
    .addColumn("name_folded", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("retired", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("trades_pk", ["workspace_id", "key"])
    .addUniqueConstraint("trades_name_unique", ["workspace_id", "name_folded"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("trades").ifExists().execute();
}
