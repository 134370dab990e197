import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

// bigint (int8) columns hold epoch seconds, well inside Number's safe range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number.parseFloat(value));

export type PostgresOptions = {
  /** Pins search_path (tests use one schema per app). */
  schema?: string;
  /** Told about each connection the pool loses; the pool itself drops it and connects afresh. */
  onConnectionError?: (error: Error) => void;
};

/**
 * Scale mode: PostgreSQL through a pool. A connection the database drops (restart, failover,
 * pg_terminate_backend, a network cut) makes its pg client emit 'error'; an 'error' event nobody
 * listens to ends the process. The pool listens on idle clients and re-emits on itself, and a client
 * a query holds has no listener at all, so both get one here: the broken client is discarded,
 * the query that was on it fails (the error handler answers 503), and the next one connects anew.
 */
export function createPostgresDatabase(url: string, options: PostgresOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // While the database is unreachable a request fails within this time instead of hanging.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // Once per lost connection: an idle client's error reaches both its own listener and the pool's.
  const reported = new WeakSet<object>();
  const report = (client: object, error: Error) => {
    if (reported.has(client)) return;
    reported.add(client);
    options.onConnectionError?.(error);
  };
  pool.on("error", (error, client) => report(client, error));
  // A checked-out client's error also rejects the query it was running, which carries it to the
  // request (503); without a listener the event itself would end the process.
  pool.on("connect", (client) => client.on("error", (error) => report(client, error)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
