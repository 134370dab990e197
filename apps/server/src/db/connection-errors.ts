// Tells a database that cannot be reached (down, restarting, a connection cut mid-query) from a
// query that is wrong. The first is the server's temporary condition, answered 503 with a retry
// hint; the second stays a logged 500.

/** Node socket failures on the way to the database. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server going away or not accepting sessions: class 08 (connection
 * exception), 57P01 admin_shutdown (pg_terminate_backend, a restart), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up), 53300 too_many_connections. SQLite's SQLITE_BUSY
 * (another process held the write lock past busy_timeout) is as temporary.
 */
const DATABASE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "SQLITE_BUSY"]);

/** pg's own errors for a socket that closed or never opened carry no code, only these messages. */
const PG_CONNECTION_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || DATABASE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (PG_CONNECTION_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // Connecting to a host name with several addresses fails with one error per address.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
