// Counts the statements the app sends to its database, on both: every pg client query (the pool's
// clients are pg.Client instances) and every run of a better-sqlite3 statement (Kysely's and the
// direct reads). Nothing is changed: each call is counted and passed on. For tests that prove a
// path costs no query (a refused request, decision 0037).
import SqliteDatabase from "better-sqlite3";
import pg from "pg";

const SQLITE_RUNS = ["all", "get", "run", "iterate"] as const;

export type QueryCounter = { readonly count: number; statements: string[]; stop: () => void };

export function countQueries(): QueryCounter {
  const statements: string[] = [];
  const restores: (() => void)[] = [];
  const wrap = <T extends object>(target: T, name: keyof T, describe: (self: unknown, args: unknown[]) => string) => {
    const original = target[name] as unknown as (...args: unknown[]) => unknown;
    (target as Record<keyof T, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      statements.push(describe(this, args));
      return original.apply(this, args);
    };
    restores.push(() => {
      (target as Record<keyof T, unknown>)[name] = original;
    });
  };
  wrap(pg.Client.prototype, "query", (_self, args) => {
    const first = args[0];
    return typeof first === "string" ? first : String((first as { text?: string })?.text ?? first);
  });
  // The Statement class is not exported: reached through a statement of a throwaway database.
  const scratch = new SqliteDatabase(":memory:");
  const statementProto = Object.getPrototypeOf(scratch.prepare("select 1")) as Record<string, unknown>;
  scratch.close();
  for (const name of SQLITE_RUNS) wrap(statementProto, name, (self) => String((self as { source?: string }).source));
  return {
    get count() {
      return statements.length;
    },
    statements,
    stop: () => {
      for (const restore of restores.reverse()) restore();
    },
  };
}
