import { chmodSync, closeSync, openSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "./schema";

/**
 * The database holds password hashes and refresh-token hashes: only this user may read it. The
 * file is created 0600 before SQLite opens it (an existing one is tightened), and SQLite gives its
 * -wal and -shm files the permissions of the database file.
 */
function createPrivately(file: string): void {
  closeSync(openSync(file, "a", 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      // Not there yet, or not ours to change (then the operator chose its permissions).
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EPERM") throw error;
    }
  }
}

/** Embedded mode: one SQLite file, WAL journal, synchronous=FULL, foreign keys enforced. */
export function createSqliteDatabase(file: string): Kysely<Database> {
  createPrivately(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
