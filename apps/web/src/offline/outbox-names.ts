// The name of a user's outbox database: shared by the page (outbox-db.ts, outbox-presence.ts) and
// the service worker's background sync (sw/outbox-sync.ts), which must not load React.
export const outboxDatabaseName = (userId: string) => `sitesnag-outbox-${userId}`;
