import { type Kysely, sql } from "kysely";

// Teams and notifications: each member's place in their workspace (the first account is its
// owner), invitations by link (only a hash of the token is kept), and notifications.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("workspace_role", "text", (c) => c.notNull().defaultTo("owner"))
    .execute();
  // Until now every workspace held one account, its creator; should any hold more, only the
  // earliest keeps ownership.
  await sql`
    update users set workspace_role = 'member'
    where exists (
      select 1 from users earlier
      where earlier.workspace_id = users.workspace_id
        and (earlier.created_at < users.created_at or (earlier.created_at = users.created_at and earlier.id < users.id))
    )`.execute(db);

  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text")
    .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("accepted_at", "bigint")
    .addColumn("accepted_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema
    .createIndex("invitations_workspace")
    .on("invitations")
    .columns(["workspace_id", "created_at"])
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("workspace_id", "text", (c) => c.notNull().references("workspaces.id").onDelete("cascade"))
    .addColumn("report_id", "text", (c) => c.references("snagging_reports.id").onDelete("cascade"))
    .addColumn("actor_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("report_title", "text", (c) => c.notNull())
    .addColumn("status", "text")
    .addColumn("read_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notifications_user").on("notifications").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createIndex("notifications_user_unread")
    .on("notifications")
    .columns(["user_id", "read_at"])
    .execute();
  await db.schema.createIndex("users_created").on("users").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_created").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
  await db.schema.dropTable("invitations").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("workspace_role").execute();
}
