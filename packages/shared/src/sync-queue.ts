// The browser's offline queue, written against a small storage interface and a send function so
// the same code runs in the app (IndexedDB through Dexie, fetch) and in Node tests against the
// real sync endpoint (SPEC §3 queue item; DESIGN §4). It never drops an item silently: an item
// leaves the queue only when the server answered success for it, or when the person discards it.
import { PhotoRefused, sha256Hex, type UploadTransport, uploadPhoto } from "./photo-upload";
import {
  isTransientSyncFailure,
  MAX_SYNC_PHOTOS,
  type SyncAction,
  type SyncItemFailure,
  type SyncResult,
} from "./sync";

export type QueueItem = {
  /** Local id of the queued change. */
  id: string;
  /** Exactly-once key on the server; for a create it is also the report's temporary id. */
  tempId: string;
  action: SyncAction;
  resource: "snagging";
  /** The change's fields; `reportId` names the target of update/status/delete. */
  data: Record<string, unknown>;
  /** Epoch milliseconds when queued: the queue's order. */
  timestamp: number;
  /** Photo blobs stored with the item, in order. */
  photoIds: string[];
  /** The last failure the server gave for this item, shown on it until retried or discarded. */
  error?: string | null;
  errorStatus?: number | null;
};

export type QueuedPhoto = { id: string; itemId: string; blob: Blob; name: string };

export interface QueueStore {
  /** The item and its photos, in one transaction. */
  enqueue(item: QueueItem, photos: QueuedPhoto[]): Promise<void>;
  /** Every queued item, oldest first. */
  items(): Promise<QueueItem[]>;
  photos(ids: readonly string[]): Promise<QueuedPhoto[]>;
  /**
   * In one transaction: remove the item and its photos; for a create, keep tempId → id and
   * rewrite later items that name the tempId; for a bulk change applied in part, keep `partial`
   * (decision 0085), so the person is told even when no tab was open or the page reloads.
   */
  complete(item: QueueItem, createdId: string | null, partial?: PartialBulk | null): Promise<void>;
  /** The bulk changes applied in part that the person has not dismissed yet, oldest first. */
  notices(): Promise<PartialBulk[]>;
  /** The person closed that notice (by its queue item's id). */
  dismissNotice(id: string): Promise<void>;
  fail(itemId: string, error: string, status: number): Promise<void>;
  /** Clears an item's error so the next sync sends it again. */
  retry(itemId: string): Promise<void>;
  /** The person's discard (after confirming): the item and its photos go. */
  discard(itemId: string): Promise<void>;
  mappings(): Promise<Map<string, string>>;
}

/** Sends one batch; answers the results, or throws when the request did not get an answer. */
export type OutgoingItem = Omit<QueueItem, "photoIds" | "error" | "errorStatus"> & { photos?: string[] };
export type OutgoingBatch = { items: OutgoingItem[]; photos: { part: string; blob: Blob; name: string }[] };
export type SendBatch = (batch: OutgoingBatch) => Promise<SyncResult[]>;

/**
 * A bulk change that was sent and applied to only some of its reports: the others, and why. `id`
 * is its queue item's id (the notice's key until the person dismisses it), `at` when it was sent.
 */
export type PartialBulk = { id: string; at: number; total: number; failures: SyncItemFailure[] };

export type SyncOutcome = {
  sent: number;
  failed: number;
  remaining: number;
  error: unknown | null;
  /** The bulk changes of this run applied in part (decision 0075): what the person must be shown. */
  partial: PartialBulk[];
};

/** Photo progress of one sync run: what the outbox indicator shows ("12 of 40 photos, 5.1 MB left"). */
export type UploadProgress = { photosDone: number; photosTotal: number; bytesLeft: number };

export type SyncOptions = {
  /**
   * Photos go up one at a time, in the order captured, to PUT /api/uploads/{sha256} (resumable),
   * and each item then names them by `photoHashes` in a small JSON request of its own, sent as soon
   * as its photos are up. Without it, photos travel as multipart parts of the sync request.
   */
  uploads?: UploadTransport;
  onProgress?: (progress: UploadProgress) => void;
};

/** Small enough for a weak connection: few items, and one report's photos at most per request. */
export const BATCH_ITEMS = 20;
export const BATCH_PHOTOS = Math.min(20, MAX_SYNC_PHOTOS);

/** Items that need the person (a 4xx answer) wait for Retry; the rest are sent. */
const eligible = (item: QueueItem) => !item.error || (item.errorStatus ?? 500) >= 500;

/** By hash: the leading items without photos together, or one item with photos alone. */
function nextHashBatch(items: QueueItem[]): QueueItem[] {
  const first = items[0];
  if (!first) return [];
  if (first.photoIds.length > 0) return [first];
  const batch: QueueItem[] = [];
  for (const item of items) {
    if (batch.length >= BATCH_ITEMS || item.photoIds.length > 0) break;
    batch.push(item);
  }
  return batch;
}

function nextBatch(items: QueueItem[]): QueueItem[] {
  const batch: QueueItem[] = [];
  let photos = 0;
  for (const item of items) {
    if (batch.length >= BATCH_ITEMS) break;
    if (batch.length > 0 && photos + item.photoIds.length > BATCH_PHOTOS) break;
    batch.push(item);
    photos += item.photoIds.length;
  }
  return batch;
}

/** A later change to a report created offline names its real id once known. */
function withMappedTarget(item: QueueItem, mappings: Map<string, string>): QueueItem {
  const ref = item.data.reportId;
  if (typeof ref !== "string" || !mappings.has(ref)) return item;
  return { ...item, data: { ...item.data, reportId: mappings.get(ref) } };
}

async function toOutgoing(store: QueueStore, batch: QueueItem[]) {
  const photos: { part: string; blob: Blob; name: string }[] = [];
  const items: OutgoingItem[] = [];
  for (const item of batch) {
    const { photoIds, error: _e, errorStatus: _s, ...rest } = item;
    const stored = await store.photos(photoIds);
    if (stored.length !== photoIds.length) throw new Error(`Photos of queued item ${item.id} are missing from storage`);
    const parts = stored.map((p, i) => {
      const part = `${item.id}:${i}`;
      photos.push({ part, blob: p.blob, name: p.name });
      return part;
    });
    items.push(parts.length ? { ...rest, photos: parts } : rest);
  }
  return { items, photos };
}

/** The 409 a commit by hash answers when an upload it names is gone (removed after 24 hours). */
const isMissingUpload = (r: SyncResult) => !r.success && r.statusCode === 409 && /not uploaded/.test(r.error ?? "");

/** Tracks the bytes of every photo queued at the start of the run against what is uploaded. */
class ProgressTracker {
  private readonly sizes = new Map<string, number>();
  private readonly sent = new Map<string, number>();
  constructor(private readonly report: ((p: UploadProgress) => void) | undefined) {}
  async start(store: QueueStore, items: QueueItem[]) {
    const photos = await store.photos(items.flatMap((i) => i.photoIds));
    for (const p of photos) this.sizes.set(p.id, p.blob.size);
    this.emit();
  }
  update(photoId: string, bytes: number) {
    this.sent.set(photoId, Math.min(bytes, this.sizes.get(photoId) ?? bytes));
    this.emit();
  }
  private emit() {
    if (!this.report) return;
    let done = 0;
    let left = 0;
    for (const [id, size] of this.sizes) {
      const sent = this.sent.get(id) ?? 0;
      if (sent >= size) done += 1;
      left += size - sent;
    }
    this.report({ photosDone: done, photosTotal: this.sizes.size, bytesLeft: left });
  }
}

/** Uploads an item's photos in order; answers their hashes. PhotoRefused and lost connections throw. */
async function uploadItemPhotos(
  store: QueueStore,
  item: QueueItem,
  transport: UploadTransport,
  progress: ProgressTracker,
): Promise<{ photoHashes: string[]; photoNames: string[] }> {
  const stored = await store.photos(item.photoIds);
  if (stored.length !== item.photoIds.length)
    throw new Error(`Photos of queued item ${item.id} are missing from storage`);
  const photoHashes: string[] = [];
  for (const photo of stored) {
    const hash = await sha256Hex(photo.blob);
    await uploadPhoto(transport, photo.blob, hash, (bytes) => progress.update(photo.id, bytes));
    photoHashes.push(hash);
  }
  // The names travel beside the hashes, so the history and labels read as the photos were named.
  return { photoHashes, photoNames: stored.map((p) => p.name) };
}

/**
 * Sends the queue in order, batch by batch, until it is empty of sendable items or a request
 * goes unanswered (then everything unanswered stays queued, to be sent again: the server's
 * ledger makes the resend harmless).
 */
export async function syncQueue(store: QueueStore, send: SendBatch, options: SyncOptions = {}): Promise<SyncOutcome> {
  let sent = 0;
  let failed = 0;
  const partial: PartialBulk[] = [];
  const tried = new Set<string>();
  const transport = options.uploads;
  const progress = new ProgressTracker(options.onProgress);
  if (transport) await progress.start(store, (await store.items()).filter(eligible));
  // Photos of the next report being uploaded ahead (never rejects).
  let ahead: Promise<void> | null = null;
  for (;;) {
    const mappings = await store.mappings();
    const pending = (await store.items()).filter((i) => eligible(i) && !tried.has(i.id));
    const batch = (transport ? nextHashBatch(pending) : nextBatch(pending)).map((i) => withMappedTarget(i, mappings));
    if (batch.length === 0) break;
    let results: SyncResult[];
    try {
      if (transport && batch[0] && batch[0].photoIds.length > 0) {
        const item = batch[0];
        await ahead;
        ahead = null;
        let references: { photoHashes: string[]; photoNames: string[] };
        try {
          references = await uploadItemPhotos(store, item, transport, progress);
        } catch (err) {
          if (!(err instanceof PhotoRefused)) throw err;
          // The photo itself is refused (too large, not an image): the item needs the person.
          tried.add(item.id);
          await store.fail(item.id, err.message, err.status);
          failed += 1;
          continue;
        }
        const { photoIds: _p, error: _e, errorStatus: _s, ...rest } = item;
        // While this report commits (the server processes its photos), the next report's photos
        // start going up, so the uplink never idles; the upload is idempotent, and the next round
        // waits for it before touching the same photos.
        const next = pending.find((i) => i.id !== item.id && i.photoIds.length > 0);
        ahead = next
          ? uploadItemPhotos(store, next, transport, progress).then(
              () => undefined,
              () => undefined,
            )
          : null;
        results = await send({ items: [{ ...rest, data: { ...rest.data, ...references } }], photos: [] });
      } else {
        results = await send(await toOutgoing(store, batch));
      }
    } catch (error) {
      await ahead;
      return { sent, failed, remaining: (await store.items()).length, error, partial };
    }
    for (const [n, item] of batch.entries()) {
      tried.add(item.id);
      const result = results[n];
      if (result?.success && result.id && result.tempId === item.tempId) {
        const ids = item.data.ids;
        const applied: PartialBulk | null = result.failures?.length
          ? {
              id: item.id,
              at: Date.now(),
              total: Array.isArray(ids) ? ids.length : result.failures.length,
              failures: result.failures,
            }
          : null;
        await store.complete(item, item.action === "create" ? result.id : null, applied);
        sent += 1;
        if (applied) partial.push(applied);
      } else if (result && isMissingUpload(result)) {
        // An upload expired between its PUT and this commit: upload it again on the next run, and
        // send nothing after it meanwhile (a later change may refer to this report).
        await store.fail(item.id, "A photo has to be uploaded again; it will be retried.", 503);
        await ahead;
        return {
          sent,
          failed,
          remaining: (await store.items()).length,
          error: new Error("A photo expired before its report was sent."),
          partial,
        };
      } else {
        const r = result ?? { success: false, tempId: item.tempId, id: null };
        await store.fail(item.id, r.error ?? "The server gave no answer for this change.", r.statusCode ?? 500);
        if (!isTransientSyncFailure(r)) failed += 1;
      }
    }
  }
  await ahead;
  return { sent, failed, remaining: (await store.items()).length, error: null, partial };
}

/** An in-memory QueueStore: the same contract as the IndexedDB one, for Node (tests, benches). */
export class MemoryQueueStore implements QueueStore {
  private list: QueueItem[] = [];
  private blobs = new Map<string, QueuedPhoto>();
  private ids = new Map<string, string>();
  private kept: PartialBulk[] = [];

  async enqueue(item: QueueItem, photos: QueuedPhoto[]) {
    for (const p of photos) this.blobs.set(p.id, p);
    this.list.push(structuredClone(item));
  }
  async items() {
    return this.list.map((i) => structuredClone(i));
  }
  async photos(ids: readonly string[]) {
    return ids.flatMap((id) => (this.blobs.has(id) ? [this.blobs.get(id) as QueuedPhoto] : []));
  }
  async complete(item: QueueItem, createdId: string | null, partial: PartialBulk | null = null) {
    this.drop(item.id);
    if (partial && !this.kept.some((n) => n.id === partial.id)) this.kept.push(structuredClone(partial));
    if (createdId) {
      this.ids.set(item.tempId, createdId);
      for (const other of this.list) if (other.data.reportId === item.tempId) other.data.reportId = createdId;
    }
  }
  async fail(itemId: string, error: string, status: number) {
    const item = this.list.find((i) => i.id === itemId);
    if (item) Object.assign(item, { error, errorStatus: status });
  }
  async retry(itemId: string) {
    const item = this.list.find((i) => i.id === itemId);
    if (item) Object.assign(item, { error: null, errorStatus: null });
  }
  async discard(itemId: string) {
    this.drop(itemId);
  }
  async mappings() {
    return new Map(this.ids);
  }
  async notices() {
    return this.kept.map((n) => structuredClone(n));
  }
  async dismissNotice(id: string) {
    this.kept = this.kept.filter((n) => n.id !== id);
  }
  private drop(itemId: string) {
    const item = this.list.find((i) => i.id === itemId);
    for (const id of item?.photoIds ?? []) this.blobs.delete(id);
    this.list = this.list.filter((i) => i.id !== itemId);
  }
}
