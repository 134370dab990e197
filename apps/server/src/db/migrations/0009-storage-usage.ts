import { type Kysely, sql } from "kysely";

// Storage quotas (decision 0019): each workspace keeps the bytes its stored files take, charged
// and released in the transactions that insert and delete the rows naming them; each attachment
// keeps its thumbnail's size so a delete releases exactly what was charged. Existing attachments
// did not record their thumbnails: the backfill counts their display copies only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("workspaces")
    .addColumn("storage_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("attachments")
    .addColumn("thumbnail_bytes", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update workspaces set storage_bytes = coalesce(
      (select sum(a.size_bytes) from attachments a where a.workspace_id = workspaces.id), 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("attachments").dropColumn("thumbnail_bytes").execute();
  await db.schema.alterTable("workspaces").dropColumn("storage_bytes").execute();
}
