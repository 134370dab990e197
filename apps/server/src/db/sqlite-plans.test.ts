// Values are bound as `+?` on SQLite (StablePlanSqliteDialect, db/sqlite.ts) so that statements
// are not parsed and planned again on every run. These tests pin what that must not change: the
// values read back, comparisons against typed columns, and the plan of every hot or paged query.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { type CompiledQuery, Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findProjects, findProjectsPage } from "../projects/projects.repository";
import { findReportsPage } from "../snagging/snagging.repository";
import { findUserById, findUsersPage } from "../users/users.repository";
import { migrateToLatest } from "./migrate";
import type { Database } from "./schema";
import { StablePlanSqliteDialect, withStatementCache } from "./sqlite";

let dir: string;
let raw: SqliteDatabase.Database;
let db: Kysely<Database>;
const executed: CompiledQuery[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "sitesnag-plans-"));
  raw = new SqliteDatabase(path.join(dir, "plans.db"));
  db = new Kysely<Database>({
    dialect: new StablePlanSqliteDialect({ database: withStatementCache(raw) }),
    log: (event) => {
      if (event.level === "query") executed.push(event.query);
    },
  });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A bare `?` (one without the unary plus) outside quoted text. */
const BARE_PLACEHOLDER = /(?<!\+)\?(?=(?:[^']*'[^']*')*[^']*$)/;

describe("values bound as +?", () => {
  it("compiles every value as +?", () => {
    const q = db
      .selectFrom("projects")
      .select("id")
      .where("workspace_id", "=", "w")
      .where("name", "in", ["a", "b"])
      .where(sql<boolean>`lower(name) like ${"%a%"} escape '\\'`)
      .limit(3)
      .compile();
    expect(q.sql).not.toMatch(BARE_PLACEHOLDER);
    expect(q.sql.match(/\+\?/g)).toHaveLength(5);
  });

  it("reads every kind of value back unchanged, with its type", async () => {
    const values = ["0123", "", 42, -1, 0, 1, 1.5, 2n ** 40n, null, Buffer.from([0, 1, 2])];
    for (const value of values) {
      const { rows } = await sql<{ v: unknown; t: string }>`select ${value} as v, typeof(${value}) as t`.execute(db);
      const expected = raw.prepare("select ? as v, typeof(?) as t").get(value, value);
      expect(rows[0]).toEqual(expected);
    }
  });

  it("compares against text, integer and real columns as a bare ? does (column affinity applies)", async () => {
    raw.exec("create table affinity (t text, i integer, r real)");
    raw.exec("insert into affinity values ('1', 1, 1.0), ('01', 10, 2.5)");
    const probes = [1, "1", "01", 10, "10", 2.5, "2.5", 1n];
    for (const column of ["t", "i", "r"]) {
      for (const probe of probes) {
        const ours = await sql<{
          n: number;
        }>`select count(*) as n from affinity where ${sql.ref(column)} = ${probe}`.execute(db);
        const bare = raw.prepare(`select count(*) as n from affinity where ${column} = ?`).get(probe);
        expect({ column, probe, ...ours.rows[0] }).toEqual({ column, probe, ...(bare as object) });
      }
    }
  });
});

describe("hot and paged queries keep their plans", () => {
  const cursor = { sort: 1_700_000_000, id: "01900000-0000-7000-8000-000000000000" };
  const workspace = "01900000-0000-7000-8000-00000000000a";

  it("plans each query as the same SQL with bare placeholders would be planned", async () => {
    executed.length = 0;
    await findProjects(db, workspace);
    await findProjectsPage(db, workspace, "kitchen tiles", cursor, 20);
    await findReportsPage(db, workspace, {}, undefined, 50);
    await findReportsPage(db, workspace, { status: "open", search: "crack" }, cursor, 50);
    await findUserById(db, "u");
    await findUsersPage(db, { search: "ann", membership: "active", now: 1_700_000_000 }, { after: cursor, limit: 20 });
    expect(executed.length).toBeGreaterThanOrEqual(7);
    const plan = (text: string, parameters: readonly unknown[]) =>
      raw
        .prepare(`explain query plan ${text}`)
        .all(...parameters)
        .map((row) => (row as { detail: string }).detail);
    for (const query of executed) {
      expect(query.sql).not.toMatch(BARE_PLACEHOLDER);
      const withBare = query.sql.replaceAll("+?", "?");
      expect(plan(query.sql, query.parameters), query.sql).toEqual(plan(withBare, query.parameters));
    }
    // And the project list still reads its index in order, without sorting.
    expect(plan(executed[0]?.sql ?? "", executed[0]?.parameters ?? [])).toEqual([
      "SEARCH projects USING INDEX projects_workspace_page (workspace_id=?)",
    ]);
  });
});
