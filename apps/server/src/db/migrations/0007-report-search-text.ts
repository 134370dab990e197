import { reportSearchText } from "@sitesnag/shared/search";
import { type Kysely, PostgresAdapter, sql } from "kysely";

// Server search as the browser searches (decision 0018): every report keeps `search_text`, its
// title and description folded by shared/search.ts (lower case, accents stripped), written by the
// application with each insert and description change, and backfilled here. On PostgreSQL a
// trigram GIN index serves `search_text like '%word%'` when the pg_trgm extension is there or can
// be created; where it cannot (no privilege, not installed) the migration still succeeds and
// search scans the workspace as before. SQLite, the single-instance default, has no such index.

const BATCH = 1000;
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function backfill(db: Kysely<unknown>): Promise<void> {
  let after = "";
  for (;;) {
    const { rows } = await sql<{ id: string; title: string; description: string }>`
      select id, title, description from snagging_reports where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const values = sql.join(rows.map((r) => sql`(${r.id}, ${reportSearchText(r.title, r.description)})`));
    await sql`with v(id, t) as (values ${values})
      update snagging_reports set search_text = v.t from v where snagging_reports.id = v.id`.execute(db);
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

/** The schema pg_trgm lives in, creating it in public when missing and allowed; null when absent. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  // The migrations run in one transaction: a failed CREATE EXTENSION must not abort it.
  await sql`savepoint pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm`.execute(db);
  }
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema ?? null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("snagging_reports")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await backfill(db);
  if (!isPostgres(db)) return;
  const schema = await trigramSchema(db);
  if (schema) {
    await sql`create index snagging_reports_search_trgm on snagging_reports
      using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("snagging_reports_search_trgm").ifExists().execute();
  await db.schema.alterTable("snagging_reports").dropColumn("search_text").execute();
}
