import { chmodSync, closeSync, openSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { Kysely, type SqliteDatabase as KyselySqliteDatabase, SqliteDialect, SqliteQueryCompiler } from "kysely";
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

/** Enough for every distinct query the app issues; a bound keeps ad-hoc SQL from growing it forever. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh, and preparing (parsing and planning the SQL)
 * costs more than running a small query. The same SQL text always yields the same statement, so
 * statements are kept by text. Reuse is safe: Kysely runs one query at a time on the connection
 * (its driver holds a mutex, streams included), so a cached statement is never busy when reused.
 */
export function withStatementCache(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(source) {
      let statement = cache.get(source);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        statement = sqlite.prepare(source);
        cache.set(source, statement);
      }
      return statement;
    },
    close: () => {
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * Binds every value as `+?` (SQLite's unary plus returns its operand unchanged: same value, same
 * type, no affinity, so the same comparisons and the same rows) instead of a bare `?`.
 *
 * Why: when SQLite 3.54 plans `col = ?` as a filter (any query with an ORDER BY considers such a
 * plan), `LIMIT ?` or `LIKE ?`, it marks the statement to be re-planned if that value is bound
 * again. better-sqlite3 clears the bindings after every run, and `sqlite3_clear_bindings` expires
 * a statement with such a mark unconditionally, so each run parsed and planned the statement anew:
 * the statement cache saved nothing on most list queries (the project list went from 15 us to 5 us
 * per run without it, issue 7). A unary plus hides the value from those planner heuristics; the
 * plan itself (which index, which order) stays the same, as db/sqlite-plans.test.ts checks.
 */
export class StablePlanSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return "+?";
  }
}

export class StablePlanSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): StablePlanSqliteQueryCompiler {
    return new StablePlanSqliteQueryCompiler();
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
  return new Kysely<Database>({ dialect: new StablePlanSqliteDialect({ database: withStatementCache(sqlite) }) });
}
