// The app's offline outbox (SPEC §3, §4): queues creates and changes made without a network,
// and sends them to POST /api/snagging/sync, each report's photos first, one at a time, to the
// resumable PUT /api/uploads/{sha256}. Loaded lazily from the /app shell and the form, so Dexie
// stays out of the entry chunk of / and /login.
import type { CommentSyncAction, SyncResponse } from "@sitesnag/shared/sync";
import { type OutgoingBatch, type QueueItem, type SyncOutcome, syncQueue } from "@sitesnag/shared/sync-queue";
import { apiFetch } from "../lib/api-client";
import { requestBackgroundSync } from "./background-sync";
import { DexieQueueStore } from "./outbox-db";
import { announceOutbox } from "./outbox-presence";
import { setUploadProgress } from "./upload-progress";
import { webUploadTransport } from "./upload-transport";

const stores = new Map<string, DexieQueueStore>();
export function outboxFor(userId: string): DexieQueueStore {
  let store = stores.get(userId);
  if (!store) {
    store = new DexieQueueStore(userId);
    stores.set(userId, store);
  }
  return store;
}

export const QUOTA_MESSAGE =
  "Not enough storage on this device to save this change offline. Changes already queued are kept; free some space or reconnect and try again.";

/** The quota refused a queued change: the message is for the person (errorMessage shows it). */
export class StorageFullError extends Error {
  override name = "StorageFullError";
  constructor() {
    super(QUOTA_MESSAGE);
  }
}

/** Dexie wraps the browser's QuotaExceededError (as `inner`, or as a transaction's abort reason). */
export const isQuotaError = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth += 1) {
    const named = e as { name?: string; inner?: unknown; cause?: unknown };
    if (named.name === "QuotaExceededError" || named.name === "StorageFullError") return true;
    e = named.inner ?? named.cause;
  }
  return false;
};

export type QueuedCreate = {
  projectId: string;
  title: string;
  priority: string;
  assignedTo: string | null;
  dueDate: number | null;
  description: string;
  location: { lat: number; lng: number } | null;
  pageUrl: string | null;
  /** The trade chosen on the snag form (issue 36); none: the workspace's default. Audits raise 'safety' while offered. */
  category?: string;
  /** Upload-ready photos, annotated versions included. */
  photos: { blob: Blob; name: string }[];
  /** The snag's pin on a drawing (issue 24), sent as sheetId/pinX/pinY. */
  pin?: { sheetId: string; x: number; y: number } | null;
  /** A location of the project's tree (issue 36). */
  locationId?: string | null;
  /** Locations made on this device that the report needs, parents first (sync's `data.newLocations`). */
  newLocations?: { id: string; parentId: string | null; name: string }[];
};

async function enqueue(userId: string, item: QueueItem, photos: { id: string; blob: Blob; name: string }[]) {
  const store = outboxFor(userId);
  const first = (await store.db.items.count()) === 0;
  try {
    await store.enqueue(
      item,
      photos.map((p) => ({ ...p, itemId: item.id })),
    );
  } catch (err) {
    // The transaction rolled back: nothing half-stored, and every item queued before is intact.
    if (isQuotaError(err)) throw new StorageFullError();
    throw err;
  }
  // Ask once the first change waits, so the browser does not evict the queue under pressure.
  if (first) void navigator.storage?.persist?.().catch(() => false);
  // Views that skipped loading an outbox that did not exist (outbox-presence.ts) load it now.
  announceOutbox(userId);
  // Where the browser can, the worker sends the queue when the network returns, app open or not.
  void requestBackgroundSync();
}

/** Queues a new report; answers its tempId (the id the list shows until it syncs). */
export async function queueCreate(
  userId: string,
  draft: QueuedCreate,
  tempId: string = crypto.randomUUID(),
): Promise<string> {
  const photos = draft.photos.map((p) => ({ id: crypto.randomUUID(), blob: p.blob, name: p.name }));
  const data: Record<string, unknown> = {
    projectId: draft.projectId,
    title: draft.title,
    description: draft.description,
    // None named: the server files it under the workspace's default trade (issue 36).
    ...(draft.category ? { category: draft.category } : {}),
    priority: draft.priority,
    assignedTo: draft.assignedTo,
    dueDate: draft.dueDate,
    pageUrl: draft.pageUrl,
    locationLat: draft.location?.lat ?? null,
    locationLng: draft.location?.lng ?? null,
    ...(draft.pin ? { sheetId: draft.pin.sheetId, pinX: draft.pin.x, pinY: draft.pin.y } : {}),
    ...(draft.locationId ? { locationId: draft.locationId } : {}),
    ...(draft.newLocations?.length
      ? { newLocations: draft.newLocations.map(({ id, parentId, name }) => ({ id, parentId, name })) }
      : {}),
  };
  const item: QueueItem = {
    id: crypto.randomUUID(),
    tempId,
    action: "create",
    resource: "snagging",
    data,
    timestamp: Date.now(),
    photoIds: photos.map((p) => p.id),
  };
  await enqueue(userId, item, photos);
  return tempId;
}

/**
 * Queues a status change, edit or delete of a report (a real id, or a tempId still queued). An
 * edit may carry new photos (appended after the kept ones, as the form's PATCH does).
 */
export async function queueChange(
  userId: string,
  action: "status" | "update" | "delete",
  reportId: string,
  data: Record<string, unknown> = {},
  newPhotos: { blob: Blob; name: string }[] = [],
) {
  const id = crypto.randomUUID();
  const photos = newPhotos.map((p) => ({ id: crypto.randomUUID(), blob: p.blob, name: p.name }));
  await enqueue(
    userId,
    {
      id,
      tempId: id,
      action,
      resource: "snagging",
      data: { ...data, reportId },
      timestamp: Date.now(),
      photoIds: photos.map((p) => p.id),
    },
    photos,
  );
}

/**
 * Queues a comment write (decision 0032): a new comment on a report (a real id or a tempId still
 * queued), or an edit or delete of one (`commentId`: its id, or the tempId of its queued add).
 * A new comment's tempId is the Idempotency-Key its POST was sent with, if it was.
 */
export async function queueCommentChange(
  userId: string,
  action: CommentSyncAction,
  data: { reportId: string; commentId?: string; body?: string; mentions?: string[] },
  newPhotos: { blob: Blob; name: string }[] = [],
  tempId: string = crypto.randomUUID(),
): Promise<string> {
  const photos = newPhotos.map((p) => ({ id: crypto.randomUUID(), blob: p.blob, name: p.name }));
  const item: QueueItem = {
    id: crypto.randomUUID(),
    tempId,
    action,
    resource: "snagging",
    data: { ...data },
    timestamp: Date.now(),
    photoIds: photos.map((p) => p.id),
  };
  await enqueue(userId, item, photos);
  return tempId;
}

/**
 * Queues a bulk change (issue 39, decision 0075) as ONE item: the server applies it once (its
 * tempId is the exactly-once key), each report under the rules of a single edit.
 */
export async function queueBulk(
  userId: string,
  data: { ids: readonly string[]; changes: Record<string, unknown>; versions: Record<string, number> },
): Promise<string> {
  const id = crypto.randomUUID();
  const item: QueueItem = {
    id,
    tempId: id,
    action: "bulk",
    resource: "snagging",
    data: { ids: [...data.ids], changes: data.changes, versions: data.versions },
    timestamp: Date.now(),
    photoIds: [],
  };
  await enqueue(userId, item, []);
  return id;
}

/**
 * Takes a queued change back before it is sent (an offline bulk's Undo, decision 0085). Under the
 * sync's own Web Lock, so never while a request carrying it may be in flight: answers false when
 * the item has already gone (sent) or is being sent now.
 */
export async function withdrawQueued(userId: string, itemId: string): Promise<boolean> {
  const store = outboxFor(userId);
  const run = async () => {
    if ((await store.db.items.where("id").equals(itemId).count()) === 0) return false;
    await store.discard(itemId);
    return true;
  };
  if (!navigator.locks) return run();
  let withdrawn = false;
  await navigator.locks.request(`sitesnag-outbox-sync-${userId}`, { ifAvailable: true }, async (lock) => {
    if (lock) withdrawn = await run();
  });
  return withdrawn;
}

async function send(batch: OutgoingBatch) {
  let body: FormData | { items: unknown[] } = { items: batch.items };
  if (batch.photos.length > 0) {
    const form = new FormData();
    form.set("items", JSON.stringify({ items: batch.items }));
    for (const p of batch.photos) form.append(p.part, p.blob, p.name);
    body = form;
  }
  // apiFetch refreshes the session on a 401 and sends again: the server's ledger makes that safe.
  const res = await apiFetch("/snagging/sync", { method: "POST", body });
  return ((await res.json()) as SyncResponse).data.results;
}

/**
 * One tab at a time (Web Locks): a tab that finds the lock taken skips, the holder sends the queue.
 * Answers null when skipped.
 */
export async function syncOutbox(userId: string): Promise<SyncOutcome | null> {
  const store = outboxFor(userId);
  const run = async () => {
    // Photos go up alone and resumably by hash (decision 0025) where Web Crypto can hash them (a
    // secure context); elsewhere they travel in the sync request as before.
    const byHash = typeof crypto !== "undefined" && crypto.subtle !== undefined;
    try {
      const outcome = await syncQueue(
        store,
        send,
        byHash
          ? { uploads: webUploadTransport, onProgress: (p) => setUploadProgress(p.photosTotal > 0 ? p : null) }
          : {},
      );
      if (!outcome.error) await store.setLastSync(Date.now());
      return outcome;
    } finally {
      setUploadProgress(null);
    }
  };
  if (!navigator.locks) return run();
  let outcome: SyncOutcome | null = null;
  await navigator.locks.request(`sitesnag-outbox-sync-${userId}`, { ifAvailable: true }, async (lock) => {
    if (lock) outcome = await run();
  });
  return outcome;
}
