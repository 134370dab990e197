import { type Kysely, PostgresAdapter, sql } from "kysely";

// The live stream's outbox (issue 39, decision 0068). A change writes its event here in its own
// transaction, so an event exists exactly when its change does; a relay on each instance claims the
// rows not yet published (published_at null) and fans them out. Rows are kept at least 24 hours so a
// reconnecting stream can replay what it missed by id (Last-Event-ID), then pruned.
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("live_events")
    // Ids only ever grow (AUTOINCREMENT on SQLite, an identity column on PostgreSQL): a stream's
    // Last-Event-ID is a position in this table.
    .addColumn("id", isPostgres(db) ? "bigserial" : "integer", (c) =>
      isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("workspace_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text")
    /** JSON: what the client needs to decide what to refetch (fields changed, new status, project). */
    .addColumn("data", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("published_at", "bigint")
    .execute();
  await db.schema.createIndex("live_events_workspace").on("live_events").columns(["workspace_id", "id"]).execute();
  await db.schema.createIndex("live_events_created").on("live_events").column("created_at").execute();
  // The relay's poll reads only unpublished rows: a partial index keeps it cheap however long the table.
  await sql`create index live_events_unpublished on live_events (id) where published_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_events").ifExists().execute();
}
