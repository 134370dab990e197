/** The one-off Background Sync tag of the outbox (offline/background-sync.ts, sw/outbox-sync.ts). */
export const OUTBOX_SYNC_TAG = "sitesnag-outbox";
