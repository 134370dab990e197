import { chmodSync, closeSync, openSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import {
  type Driver,
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type SqliteStatement,
} from "kysely";
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

/**
 * One read transaction shared by the direct reads of an event-loop turn.
 *
 * Outside a transaction every statement is its own read transaction, and in WAL mode each one takes
 * and drops a read lock on the -shm file and checks the database file's size: three system calls
 * (about 7 us of the 9 us the project list's statement took on this machine, issue 7), twice per
 * signed-in read (the guard's user lookup and the list). The direct reads of one turn, from every
 * request the turn serves, now share one read transaction, opened by the first and committed when
 * the turn ends (setImmediate: after the microtasks of every request the turn started, so the
 * guard's read and its route's read share it). A snapshot that short stays fresh: every write here
 * goes through Kysely, whose acquireConnection ends the snapshot first, so a read after a write in
 * this process always sees it; another process's commit shows from the next turn; and a
 * checkpoint is never held back by more than one turn.
 */
class TurnSnapshot {
  readonly #begin: SqliteStatement;
  readonly #commit: SqliteStatement;
  #open = false;

  constructor(database: KyselySqliteDatabase) {
    this.#begin = database.prepare("BEGIN");
    this.#commit = database.prepare("COMMIT");
  }

  enter(): void {
    if (this.#open) return;
    this.#begin.run([]);
    this.#open = true;
    setImmediate(this.end);
  }

  readonly end = (): void => {
    if (!this.#open) return;
    this.#open = false;
    try {
      this.#commit.run([]);
    } catch {
      // Already ended: SQLite rolls back by itself after an I/O or memory error, and closing the
      // database ends it too. Either way there is nothing left to end.
    }
  };
}

/**
 * Kysely's SQLite driver with a count of the callers holding its one connection. Kysely's runtime
 * driver lets one caller at a time acquire it (a mutex) and keeps it acquired across awaits for a
 * whole transaction or stream; `inUse` is true exactly then. Acquiring it ends the turn's read
 * snapshot, so Kysely's queries (writes, transactions, streams) never run inside it.
 */
class TrackedSqliteDriver extends SqliteDriver {
  readonly snapshot: TurnSnapshot;
  #holders = 0;

  constructor(config: { database: KyselySqliteDatabase }) {
    super(config);
    this.snapshot = new TurnSnapshot(config.database);
  }

  get inUse(): boolean {
    return this.#holders > 0;
  }

  override async acquireConnection(): ReturnType<SqliteDriver["acquireConnection"]> {
    const connection = await super.acquireConnection();
    this.snapshot.end();
    this.#holders++;
    return connection;
  }

  override async releaseConnection(): Promise<void> {
    this.#holders--;
    await super.releaseConnection();
  }
}

type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const directReads = new WeakMap<object, DirectRead>();

/**
 * Runs a read at once, synchronously, on the database's connection when nobody holds it (no
 * transaction or stream is open on it), and answers undefined otherwise, or for anything but a
 * read: the caller then goes through Kysely, which waits for the connection. better-sqlite3 runs a
 * statement synchronously, so a read started while the connection is free finishes before any
 * other JavaScript runs, without Kysely's per-query chain of promises (about 5 us of the 10 us a
 * small indexed read takes through it), inside the turn's read snapshot (TurnSnapshot).
 */
export function directRead(db: object): DirectRead | undefined {
  return directReads.get(db);
}

export class StablePlanSqliteDialect extends SqliteDialect {
  readonly #database: KyselySqliteDatabase;
  #driver: TrackedSqliteDriver | undefined;

  constructor(config: { database: KyselySqliteDatabase }) {
    super(config);
    this.#database = config.database;
  }

  override createQueryCompiler(): StablePlanSqliteQueryCompiler {
    return new StablePlanSqliteQueryCompiler();
  }

  override createDriver(): Driver {
    this.#driver = new TrackedSqliteDriver({ database: this.#database });
    return this.#driver;
  }

  /** The direct read for a Kysely instance built on this dialect (see directRead). */
  register(db: object): void {
    const database = this.#database;
    directReads.set(db, (sql, parameters) => {
      if (!this.#driver || this.#driver.inUse) return undefined;
      const statement = database.prepare(sql);
      if (!statement.reader) return undefined;
      this.#driver.snapshot.enter();
      return statement.all(parameters) as unknown[];
    });
  }
}

/** A Kysely instance on `database` with values bound as `+?` and direct reads when the connection is free. */
export function sqliteKysely(database: KyselySqliteDatabase): Kysely<Database> {
  const dialect = new StablePlanSqliteDialect({ database });
  const db = new Kysely<Database>({ dialect });
  dialect.register(db);
  return db;
}

/** Embedded mode: one SQLite file, WAL journal, synchronous=FULL, foreign keys enforced. */
export function createSqliteDatabase(file: string): Kysely<Database> {
  createPrivately(file);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqliteKysely(withStatementCache(sqlite));
}
