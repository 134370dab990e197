import SqliteDatabase from "better-sqlite3";
import { Kysely, type SqliteDatabase as KyselySqliteDatabase, SqliteDialect } from "kysely";
import type { Database } from "./schema";

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

/** Embedded mode: one SQLite file, WAL journal, synchronous=FULL, foreign keys enforced. */
export function createSqliteDatabase(file: string): Kysely<Database> {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}
