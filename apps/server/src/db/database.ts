// Chooses the database from the configuration: PostgreSQL when DATABASE_URL is set, otherwise
// the SQLite file in DATA_DIR. Both answer the same Kysely queries.
import path from "node:path";
import type { Kysely } from "kysely";
import { migrateToLatest } from "./migrate";
import { createPostgresDatabase } from "./postgres";
import type { Database } from "./schema";
import { createSqliteDatabase } from "./sqlite";

export type Db = Kysely<Database>;
export type DbKind = "sqlite" | "postgres";

export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  schema?: string;
  /** PostgreSQL: told about each pooled connection the database drops (logged; the pool reconnects). */
  onConnectionError?: ((error: Error) => void) | undefined;
}): Promise<{ db: Db; kind: DbKind }> {
  const kind: DbKind = options.databaseUrl ? "postgres" : "sqlite";
  const db =
    kind === "postgres"
      ? createPostgresDatabase(options.databaseUrl as string, {
          schema: options.schema,
          onConnectionError: options.onConnectionError,
        })
      : createSqliteDatabase(path.join(options.dataDir, "sitesnag.db"));
  await migrateToLatest(db, options.schema);
  return { db, kind };
}
