import { projectSearchText, userSearchText } from "@sitesnag/shared/search";
import { type Kysely, sql } from "kysely";

// Projects and users are searched as reports are (migration 0007, decision 0018): each keeps
// `search_text`, its searched fields folded by shared/search.ts (lower case, accents stripped),
// written by the application with every insert and change of those fields and backfilled here.
// No trigram index: a project search stays inside one workspace's page index, and the admin's
// user search is rare and paged; both were plain scans of `lower(…)` before.

const BATCH = 1000;

/** Rewrites `search_text` of every row of `table`, in batches by id, from `fold(row)`. */
async function backfill<R extends { id: string }>(
  db: Kysely<unknown>,
  table: "projects" | "users",
  columns: readonly string[],
  fold: (row: R) => string,
): Promise<void> {
  let after = "";
  for (;;) {
    const { rows } = await sql<R>`select id, ${sql.join(columns.map((c) => sql.ref(c)))} from ${sql.table(table)}
      where id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const values = sql.join(rows.map((r) => sql`(${r.id}, ${fold(r)})`));
    await sql`with v(id, t) as (values ${values})
      update ${sql.table(table)} set search_text = v.t from v where ${sql.table(table)}.id = v.id`.execute(db);
    after = (rows[rows.length - 1] as R).id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["projects", "users"]) {
    await db.schema
      .alterTable(table)
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await backfill<{ id: string; name: string; description: string }>(db, "projects", ["name", "description"], (r) =>
    projectSearchText(r.name, r.description),
  );
  await backfill<{ id: string; first_name: string; last_name: string; email: string }>(
    db,
    "users",
    ["first_name", "last_name", "email"],
    (r) => userSearchText(r.first_name, r.last_name, r.email),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["projects", "users"]) {
    await db.schema.alterTable(table).dropColumn("search_text").execute();
  }
}
