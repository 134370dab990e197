import { type Kysely, PostgresAdapter, sql } from "kysely";

// The location tree's version (issue 36, decision 0072): `projects.tree_version` goes up in the
// same statement as every change to what GET /api/projects/{id}/locations answers (a location
// created, renamed, moved, reordered, linked to a sheet or deleted; a report placed at, moved off
// or deleted from a location, or its status changed). The tree's ETag is that number, so a device
// that has the tree is answered 304 after reading the project's row only, whatever the tree's size.
// Triggers, like the status counts of migration 0006: no write path (sync, trash, cascades) can
// forget to bump it.

const PG = [
  sql`create function location_tree_bump() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update projects set tree_version = tree_version + 1 where id = old.project_id;
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.project_id is distinct from old.project_id) then
        update projects set tree_version = tree_version + 1 where id = new.project_id;
      end if;
      return null;
    end $$`,
  sql`create trigger locations_tree_version after insert or delete or update on locations
    for each row execute function location_tree_bump()`,
  sql`create trigger snagging_reports_tree_version_insert after insert on snagging_reports
    for each row when (new.location_id is not null) execute function location_tree_bump()`,
  sql`create trigger snagging_reports_tree_version_delete after delete on snagging_reports
    for each row when (old.location_id is not null) execute function location_tree_bump()`,
  sql`create trigger snagging_reports_tree_version_update after update of location_id, status, project_id
    on snagging_reports for each row
    when ((old.location_id is not null or new.location_id is not null) and (
      old.location_id is distinct from new.location_id or old.status is distinct from new.status
      or old.project_id is distinct from new.project_id))
    execute function location_tree_bump()`,
];

const bump = (row: "new" | "old") =>
  `update projects set tree_version = tree_version + 1 where id = ${row}.project_id;`;

const SQLITE = [
  sql.raw(`create trigger locations_tree_version_insert after insert on locations begin ${bump("new")} end`),
  sql.raw(`create trigger locations_tree_version_delete after delete on locations begin ${bump("old")} end`),
  sql.raw(`create trigger locations_tree_version_update after update on locations begin
    ${bump("old")} update projects set tree_version = tree_version + 1
    where id = new.project_id and new.project_id is not old.project_id; end`),
  sql.raw(`create trigger snagging_reports_tree_version_insert after insert on snagging_reports
    when new.location_id is not null begin ${bump("new")} end`),
  sql.raw(`create trigger snagging_reports_tree_version_delete after delete on snagging_reports
    when old.location_id is not null begin ${bump("old")} end`),
  sql.raw(`create trigger snagging_reports_tree_version_update after update of location_id, status, project_id
    on snagging_reports
    when (old.location_id is not null or new.location_id is not null) and (
      old.location_id is not new.location_id or old.status is not new.status
      or old.project_id is not new.project_id)
    begin ${bump("old")} update projects set tree_version = tree_version + 1
    where id = new.project_id and new.project_id is not old.project_id; end`),
];

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("projects")
    .addColumn("tree_version", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const statement of isPostgres(db) ? PG : SQLITE) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const [name, table] of [
      ["locations_tree_version", "locations"],
      ["snagging_reports_tree_version_insert", "snagging_reports"],
      ["snagging_reports_tree_version_delete", "snagging_reports"],
      ["snagging_reports_tree_version_update", "snagging_reports"],
    ] as const) {
      await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
    }
    await sql`drop function if exists location_tree_bump()`.execute(db);
  } else {
    for (const name of [
      "locations_tree_version_insert",
      "locations_tree_version_delete",
      "locations_tree_version_update",
      "snagging_reports_tree_version_insert",
      "snagging_reports_tree_version_delete",
      "snagging_reports_tree_version_update",
    ]) {
      await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
  }
  await db.schema.alterTable("projects").dropColumn("tree_version").execute();
}
