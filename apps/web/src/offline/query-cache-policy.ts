// What of the TanStack Query cache is kept in IndexedDB for offline reading (issue 10), and for
// how long. Pure, so it is unit-tested and cheap to import from the entry chunk (query-client.ts
// reads the max age for gcTime; the persister itself is a lazy chunk: query-persistence.ts).

/** Read data older than this is not restored: a week, the refresh token's lifetime (SPEC §9). */
export const QUERY_CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * Changes whenever the shape of persisted answers changes: a cache written by an older build with
 * another buster is thrown away on restore instead of being fed to screens that expect new fields.
 */
// v2: the project page's reports (["snagging", {projectId}]) became pages (an infinite query).
// v3: reports carry `version` (issue 23: edits name the version they were made on).
export const QUERY_CACHE_BUSTER = "sitesnag-query-cache-v3";

/**
 * The IndexedDB database holding every user's persisted cache (one record per user). Sign-in
 * deletes it by this name from lib/offline-cache.ts (kept apart so /login loads none of this;
 * a unit test keeps the two names equal).
 */
export const QUERY_CACHE_DB = "sitesnag-query-cache";

/** One record per user, so a cache is only ever restored into its own user's session. */
export const queryCacheKey = (userId: string): string => `query-cache:${userId}`;

/**
 * Only workspace data a screen reads offline: dashboard, projects, reports, members (names for
 * the assignee picker), notifications and the workspace's trades (the snag form's categories). Never the admin area, team invitations (they carry
 * invitation tokens) or anything under auth; audits live in the browser already.
 */
const PERSISTED_ROOTS = new Set(["dashboard", "projects", "snagging", "users", "notifications", "trades"]);

export const shouldPersistQueryKey = (queryKey: readonly unknown[]): boolean =>
  typeof queryKey[0] === "string" && PERSISTED_ROOTS.has(queryKey[0]);
