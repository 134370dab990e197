// The two hot-path caches on a real SQLite database: statements kept by SQL text, and prepared
// queries compiled once per database with their values substituted per call.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { preparedQuery } from "./prepared";
import type { Database } from "./schema";
import { sqliteKysely, withStatementCache } from "./sqlite";

let open: Kysely<Database>[] = [];
function memoryDb() {
  const sqlite = new SqliteDatabase(":memory:");
  sqlite.exec("create table users (id text primary key, email text not null)");
  sqlite.exec("insert into users values ('a', 'a@example.com'), ('b', 'b@example.com')");
  const prepare = vi.spyOn(sqlite, "prepare");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  open.push(db);
  return { db, prepare };
}
afterEach(async () => {
  for (const db of open) await db.destroy();
  open = [];
});

describe("withStatementCache", () => {
  it("prepares each SQL text once and answers with the current values", async () => {
    const { db, prepare } = memoryDb();
    const byId = (id: string) => db.selectFrom("users").select("email").where("id", "=", id).executeTakeFirst();
    expect(await byId("a")).toEqual({ email: "a@example.com" });
    expect(await byId("b")).toEqual({ email: "b@example.com" });
    await db.updateTable("users").set({ email: "new@example.com" }).where("id", "=", "a").execute();
    expect(await byId("a")).toEqual({ email: "new@example.com" });
    const texts = prepare.mock.calls.map(([source]) => source);
    expect(texts).toHaveLength(2); // the select once, the update once
    expect(new Set(texts).size).toBe(2);
  });

  it("lets a streamed query and later queries reuse statements", async () => {
    const { db } = memoryDb();
    const seen: string[] = [];
    for await (const row of db.selectFrom("users").select("id").orderBy("id").stream()) seen.push(row.id);
    for await (const row of db.selectFrom("users").select("id").orderBy("id").stream()) seen.push(row.id);
    expect(seen).toEqual(["a", "b", "a", "b"]);
  });
});

describe("preparedQuery", () => {
  it("builds once per database and substitutes each call's values", async () => {
    const build = vi.fn((db: Kysely<Database>, p: { id: string }) =>
      db.selectFrom("users").select(["id", "email"]).where("id", "=", p.id),
    );
    const find = preparedQuery(build);
    const first = memoryDb().db;
    expect(await find(first, { id: "a" })).toEqual([{ id: "a", email: "a@example.com" }]);
    expect(await find(first, { id: "b" })).toEqual([{ id: "b", email: "b@example.com" }]);
    expect(await find(first, { id: "zzz" })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
    await find(memoryDb().db, { id: "a" });
    expect(build).toHaveBeenCalledTimes(2);
  });

  it("refuses a parameter the query does not use as a value", async () => {
    const find = preparedQuery((db, _p: { id: string }) => db.selectFrom("users").select("id"));
    await expect(find(memoryDb().db, { id: "a" })).rejects.toThrow(/id not used/);
  });
});

describe("direct reads (sqliteKysely)", () => {
  function trackedDb() {
    const sqlite = new SqliteDatabase(":memory:");
    sqlite.exec("create table users (id text primary key, email text not null)");
    sqlite.exec("insert into users values ('a', 'a@example.com')");
    const db = sqliteKysely(withStatementCache(sqlite));
    open.push(db);
    return { db, throughKysely: vi.spyOn(db, "executeQuery") };
  }
  const find = preparedQuery((db, p: { id: string }) =>
    db.selectFrom("users").select(["id", "email"]).where("id", "=", p.id),
  );

  it("reads at once, without Kysely's executor, while nobody holds the connection", async () => {
    const { db, throughKysely } = trackedDb();
    expect(await find(db, { id: "a" })).toEqual([{ id: "a", email: "a@example.com" }]);
    expect(throughKysely).not.toHaveBeenCalled();
  });

  it("waits for an open transaction instead of reading inside it, so a rolled-back row is never seen", async () => {
    const { db, throughKysely } = trackedDb();
    let during: Promise<unknown[]> | undefined;
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into users values ('c', 'c@example.com')`.execute(trx);
        during = find(db, { id: "c" });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await during).toEqual([]);
    expect(throughKysely).toHaveBeenCalledTimes(1);
    // Free again: the next read is direct.
    expect(await find(db, { id: "a" })).toHaveLength(1);
    expect(throughKysely).toHaveBeenCalledTimes(1);
  });

  it("waits for an open stream", async () => {
    const { db, throughKysely } = trackedDb();
    const ids: string[] = [];
    let during: Promise<unknown[]> | undefined;
    for await (const row of db.selectFrom("users").select("id").stream()) {
      ids.push(row.id);
      // A direct read here would throw: better-sqlite3 refuses a statement while an iterator is open.
      during = find(db, { id: "a" });
    }
    expect(ids).toEqual(["a"]);
    expect(await during).toHaveLength(1);
    expect(throughKysely).toHaveBeenCalledTimes(1);
  });
});

describe("the turn's read snapshot (direct reads share one read transaction per event-loop turn)", () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  // A WAL file database, as the server opens it, and a second connection to write and look from.
  function fileDb() {
    dir = mkdtempSync(path.join(tmpdir(), "sitesnag-snapshot-"));
    const file = path.join(dir, "test.db");
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.exec("create table users (id text primary key, email text not null)");
    sqlite.exec("insert into users values ('a', 'a@example.com')");
    const db = sqliteKysely(withStatementCache(sqlite));
    const other = new SqliteDatabase(file);
    open.push(db);
    onTestFinished(() => {
      other.close();
    });
    const seenByOther = (id: string) => other.prepare("select id from users where id = ?").all(id).length === 1;
    return { db, sqlite, other, seenByOther };
  }
  const find = preparedQuery((db, p: { id: string }) => db.selectFrom("users").select("id").where("id", "=", p.id));

  it("keeps one snapshot for the turn and ends it when the turn ends", async () => {
    const { db, sqlite, other } = fileDb();
    expect(await find(db, { id: "a" })).toHaveLength(1);
    expect(sqlite.inTransaction).toBe(true);
    other.exec("insert into users values ('b', 'b@example.com')");
    expect(await find(db, { id: "b" })).toEqual([]); // same turn, same snapshot
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
    expect(await find(db, { id: "b" })).toHaveLength(1); // the next turn sees the other commit
  });

  it("ends the snapshot before a write, which is committed at once and read back", async () => {
    const { db, seenByOther } = fileDb();
    expect(await find(db, { id: "a" })).toHaveLength(1);
    await db
      .insertInto("users")
      .values({ id: "c", email: "c@example.com" } as never)
      .execute();
    expect(seenByOther("c")).toBe(true); // committed, not waiting inside the read snapshot
    expect(await find(db, { id: "c" })).toHaveLength(1);
  });

  it("lets a transaction start in the same turn as a direct read", async () => {
    const { db, seenByOther } = fileDb();
    expect(await find(db, { id: "a" })).toHaveLength(1);
    await db.transaction().execute(async (trx) => {
      await sql`insert into users values ('d', 'd@example.com')`.execute(trx);
    });
    expect(seenByOther("d")).toBe(true);
  });

  it("throws nothing later when the database closes, or SQLite ended the snapshot itself", async () => {
    const first = fileDb();
    await first.db.selectFrom("users").select("id").execute(); // Kysely's driver opened, as in the server
    await find(first.db, { id: "a" });
    first.sqlite.exec("rollback"); // as SQLite does by itself after an I/O error
    await nextTurn();
    expect(await find(first.db, { id: "a" })).toHaveLength(1);
    await first.db.destroy(); // with the new snapshot open
    open = open.filter((db) => db !== first.db);
    await nextTurn(); // an error thrown in the pending setImmediate would fail the run
    expect(first.sqlite.open).toBe(false);
  });
});
