import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteDatabase } from "./sqlite";

const mode = (file: string) => statSync(file).mode & 0o777;

describe("the SQLite file's permissions", () => {
  let dir: string;
  let umask: number;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sitesnag-sqlite-"));
    // The common default, which would leave a new file readable by every user.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(dir, { recursive: true, force: true });
  });

  it("creates the database and its WAL and shared-memory files readable by this user only", async () => {
    const file = path.join(dir, "sitesnag.db");
    const db = createSqliteDatabase(file);
    await sql`create table t (x integer)`.execute(db);
    await sql`insert into t values (1)`.execute(db);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
    expect(mode(`${file}-shm`)).toBe(0o600);
    await db.destroy();
  });

  it("tightens a database file left world-readable by an earlier version", async () => {
    const file = path.join(dir, "sitesnag.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const db = createSqliteDatabase(file);
    await sql`select 1`.execute(db);
    expect(mode(file)).toBe(0o600);
    await db.destroy();
  });
});
