/** The one-off Background Sync tag of the outbox (offline/background-sync.ts, sw/outbox-sync.ts). */
export const OUTBOX_SYNC_TAG = "sitesnag-outbox";

/**
 * The BroadcastChannel on which the service worker says it has sent (or failed) queued changes, so
 * an open tab refreshes what it shows: the queue's view follows IndexedDB, but the screens' server
 * data (the report list, the report) would otherwise wait for the next refetch.
 */
export const OUTBOX_SYNCED_CHANNEL = "sitesnag-outbox-synced";

export type OutboxSynced = {
  userId: string;
  sent: number;
  failed: number;
};
