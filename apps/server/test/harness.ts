// Builds a real app over a real database for API tests: a fresh SQLite file per call, or a fresh
// PostgreSQL schema per call when TEST_DATABASE_URL is set. Nothing of our own is mocked.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp, type RegisteredRoute } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppContext } from "../src/context";
import { type DbKind, openDatabase } from "../src/db/database";
import { createStorage } from "../src/storage/create-storage";

export const DIALECTS: DbKind[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
/** The JWT signing secret every test app uses, so tests can forge expired or foreign tokens. */
export const TEST_SECRET = "test-secret-test-secret-test-secret-42";

export type TestApp = {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** The PostgreSQL schema this app's tables live in (undefined on SQLite). */
  schema: string | undefined;
  /** Every route the app registered, as "METHOD /path" (HEAD routes Fastify adds for GET excluded). */
  routes: string[];
  /**
   * The POST/PUT/PATCH routes registered where multipart bodies are parsed and without a zod body
   * schema: those that may read a multipart body by hand (the OpenAPI test checks they document it).
   */
  multipartRoutes: string[];
  /**
   * The routes whose handler reads the Idempotency-Key request header, and those whose handler may
   * answer Idempotent-Replayed, found in the handlers' own code (the OpenAPI test checks both are
   * documented). A route that read the header somewhere other than its handler would be missed.
   */
  idempotentRoutes: string[];
  replayingRoutes: string[];
  request: (options: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** PostgreSQL: the URL the app's pool connects through (a proxy, an application_name); the schema is still made directly. */
  databaseUrl?: string;
  /** Called with each connection error the pool absorbs. */
  onConnectionError?: (error: Error) => void;
  /** Receives the app's log lines (set LOG_LEVEL in env to see any). */
  logStream?: { write: (line: string) => void };
};

/**
 * Test workers share one PostgreSQL database, one schema per test app. Kysely's migrator looks
 * for its tables through the catalogue of every schema (`pg_get_serial_sequence` on each table's
 * name), so a schema another worker drops at that moment fails the migration with "schema
 * t_… does not exist" (seen once in CI). Migrations hold this advisory lock shared and the drop
 * takes it exclusively: any number of apps migrate at once, and no schema vanishes under them.
 */
const SCHEMA_DROP_LOCK = 7_341_120_001;

export async function whileNoSchemaIsDropped<T>(kind: DbKind, work: () => Promise<T>): Promise<T> {
  if (kind !== "postgres") return work();
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock_shared($1)", [SCHEMA_DROP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "sitesnag-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT: "1000",
    // Tests write far faster than people: the write budgets are tested with their own values
    // (quotas.test.ts); demo sandboxes keep their default.
    WRITE_ITEMS_PER_MINUTE: "1000000",
    WRITE_MB_PER_MINUTE: "1000000",
    WORKSPACE_WRITE_ITEMS_PER_MINUTE: "1000000",
    WORKSPACE_WRITE_MB_PER_MINUTE: "1000000",
    // The same for mail caused by people (mail-limits.test.ts tests the caps with its own values).
    MAIL_PER_HOUR: "1000000",
    MAIL_PER_DAY: "1000000",
    WORKSPACE_MAIL_PER_HOUR: "1000000",
    WORKSPACE_MAIL_PER_DAY: "1000000",
    NEW_ACCOUNT_MAIL_PER_HOUR: "1000000",
    NEW_ACCOUNT_MAIL_PER_DAY: "1000000",
    WEB_DIST: "/nonexistent",
    ...env,
  });
  let schema: string | undefined;
  let databaseUrl: string | undefined;
  if (kind === "postgres") {
    databaseUrl = process.env.TEST_DATABASE_URL as string;
    schema = `t_${Math.random().toString(36).slice(2, 12)}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const { db, kind: dbKind } = await whileNoSchemaIsDropped(kind, () =>
    openDatabase({
      databaseUrl: options.databaseUrl ?? databaseUrl,
      dataDir,
      onConnectionError: options.onConnectionError,
      ...(schema ? { schema } : {}),
    }),
  );
  const registered: RegisteredRoute[] = [];
  const { app, ctx } = await buildApp({
    onRoute: (route) => registered.push(route),
    config,
    db,
    dbKind,
    secret: TEST_SECRET,
    // Every JSON answer a test receives is checked against the OpenAPI document (http/openapi.ts).
    checkDocumentedAnswers: true,
    // DATA_DIR/files on disk, or the S3 bucket when the test passes S3_BUCKET (s3rver on loopback).
    storage: createStorage(config),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  // A HEAD route Fastify adds beside a GET runs the GET's handler; one registered on its own does not.
  const getHandlers = new Set(registered.filter((r) => [r.method].flat().includes("GET")).map((r) => r.handler));
  const routes: string[] = [];
  const multipartRoutes: string[] = [];
  const idempotentRoutes: string[] = [];
  const replayingRoutes: string[] = [];
  for (const route of registered) {
    const code = String(route.handler);
    for (const method of [route.method].flat()) {
      if (method === "HEAD" && getHandlers.has(route.handler)) continue;
      routes.push(`${method} ${route.url}`);
      const writes = method === "POST" || method === "PUT" || method === "PATCH";
      if (writes && route.parsesMultipart && !route.hasBodySchema) multipartRoutes.push(`${method} ${route.url}`);
      if (method === "HEAD") continue;
      if (/["'`]idempotency-key["'`]/i.test(code)) idempotentRoutes.push(`${method} ${route.url}`);
      if (/["'`]idempotent-replayed["'`]/i.test(code)) replayingRoutes.push(`${method} ${route.url}`);
    }
  }
  return {
    app,
    ctx,
    dataDir,
    schema,
    routes,
    multipartRoutes,
    idempotentRoutes,
    replayingRoutes,
    request: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      // A test may already have destroyed the pool to simulate an outage.
      await db.destroy().catch(() => undefined);
      if (schema) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        // Exclusive: waits for every migration in progress (in any test worker) to finish.
        await client.query("select pg_advisory_lock($1)", [SCHEMA_DROP_LOCK]);
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
