import { type Kysely, PostgresAdapter, sql } from "kysely";

// The location tree's structure version (issue 36, decision 0089): `projects.locations_version`
// goes up in the same statement as every insert, update and delete of a location (the project's
// `tree_version` of migration 0047 as well), never with a report. The tree read keeps each
// project's locations serialised per structure version, so the first read after a report's change
// reads the counts only. Triggers, as 0047's: no write path can forget one.
// On both databases the locations' own triggers of 0047 are replaced by ones that bump both numbers
// in one update of the project's row (a 5,000-line import updates it 5,000 times, not 10,000).

const PG_UP = [
  sql`create function location_row_bump() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update projects set tree_version = tree_version + 1, locations_version = locations_version + 1
          where id = old.project_id;
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.project_id is distinct from old.project_id) then
        update projects set tree_version = tree_version + 1, locations_version = locations_version + 1
          where id = new.project_id;
      end if;
      return null;
    end $$`,
  sql`drop trigger locations_tree_version on locations`,
  sql`create trigger locations_tree_version after insert or delete or update on locations
    for each row execute function location_row_bump()`,
];

const PG_DOWN = [
  sql`drop trigger if exists locations_tree_version on locations`,
  sql`create trigger locations_tree_version after insert or delete or update on locations
    for each row execute function location_tree_bump()`,
  sql`drop function if exists location_row_bump()`,
];

const bump = (row: "new" | "old", both: boolean) =>
  `update projects set tree_version = tree_version + 1${both ? ", locations_version = locations_version + 1" : ""} where id = ${row}.project_id`;

/** 0047's three triggers on `locations`, bumping the tree version alone or both. */
const sqliteTriggers = (both: boolean) => [
  sql.raw("drop trigger if exists locations_tree_version_insert"),
  sql.raw("drop trigger if exists locations_tree_version_delete"),
  sql.raw("drop trigger if exists locations_tree_version_update"),
  sql.raw(`create trigger locations_tree_version_insert after insert on locations begin ${bump("new", both)}; end`),
  sql.raw(`create trigger locations_tree_version_delete after delete on locations begin ${bump("old", both)}; end`),
  sql.raw(`create trigger locations_tree_version_update after update on locations begin
    ${bump("old", both)}; ${bump("new", both)} and new.project_id is not old.project_id; end`),
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("locations_version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const statement of isPostgres(db) ? PG_UP : sqliteTriggers(true)) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? PG_DOWN : sqliteTriggers(false)) await statement.execute(db);
  await db.schema.alterTable("projects").dropColumn("locations_version").execute();
}
