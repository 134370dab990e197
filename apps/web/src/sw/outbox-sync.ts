// The service worker's side of Background Sync (issue 28, decision 0031), bundled on its own into
// dist/sw-sync.js (scripts/build-sw-sync.mjs) and imported by the Workbox worker. On the outbox's
// sync event it sends the signed-in user's queue with the same code as the app (the shared
// syncQueue, the same IndexedDB store, photos by hash, resumable), under the same Web Lock as the
// app's tabs, so one sender at a time; the server's ledger keeps every item exactly once whoever
// sends it. With no stored session, or a token the server refuses (expired: the worker never
// refreshes), it stops and the queue waits for the app. A run that could not reach the server
// throws, so the browser retries the sync later with its own backoff.
import type { UploadTransport } from "@sitesnag/shared/photo-upload";
import type { SyncResponse } from "@sitesnag/shared/sync";
import { type OutgoingBatch, syncQueue } from "@sitesnag/shared/sync-queue";
import { contentRange, UPLOAD_OFFSET_HEADER } from "@sitesnag/shared/uploads";
import { OUTBOX_SYNC_TAG, OUTBOX_SYNCED_CHANNEL, type OutboxSynced } from "../offline/background-sync-tag";
import { DexieQueueStore } from "../offline/outbox-db";
import { readSyncSession } from "../offline/sync-session";

type SyncEvent = ExtendableEvent & { tag: string; lastChance?: boolean };
const worker = self as unknown as ServiceWorkerGlobalScope;

/** The server refused the stored token: leave the queue to the app (it refreshes and sends). */
class SessionRefused extends Error {}

function authorised(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } };
}

async function checked(response: Response): Promise<Response> {
  if (response.status === 401) throw new SessionRefused();
  return response;
}

function transport(token: string): UploadTransport {
  const url = (sha256: string) => `/api/uploads/${sha256}`;
  return {
    head: async (sha256) => {
      const res = await checked(await fetch(url(sha256), authorised(token, { method: "HEAD", cache: "no-store" })));
      if (res.status === 200) return { stored: true };
      if (res.status === 404)
        return { stored: false, offset: Number(res.headers.get(UPLOAD_OFFSET_HEADER) ?? "0") || 0 };
      throw new Error(`Checking a photo upload answered ${res.status}.`);
    },
    // fetch has no upload progress: the whole rest of the photo counts as sent when it answers.
    put: async (sha256, blob, from, onSent) => {
      const res = await checked(
        await fetch(
          url(sha256),
          authorised(token, {
            method: "PUT",
            headers: {
              "content-type": "application/octet-stream",
              "content-range": contentRange(from, blob.size - 1, blob.size),
            },
            body: blob.slice(from),
          }),
        ),
      );
      onSent(blob.size - from);
      let message: string | undefined;
      try {
        message = ((await res.json()) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      return { status: res.status, message };
    },
  };
}

function sender(token: string) {
  return async (batch: OutgoingBatch) => {
    let body: BodyInit = JSON.stringify({ items: batch.items });
    const headers: Record<string, string> = {};
    if (batch.photos.length > 0) {
      const form = new FormData();
      form.set("items", body);
      for (const p of batch.photos) form.append(p.part, p.blob, p.name);
      body = form;
    } else headers["content-type"] = "application/json";
    const res = await checked(await fetch("/api/snagging/sync", authorised(token, { method: "POST", headers, body })));
    if (!res.ok) throw new Error(`The sync answered ${res.status}.`);
    return ((await res.json()) as SyncResponse).data.results;
  };
}

/** Tells the open tabs (if any) that changes went, so they refetch what they show. */
function announceSynced(notice: OutboxSynced): void {
  if (typeof BroadcastChannel === "undefined" || (notice.sent === 0 && notice.failed === 0)) return;
  const channel = new BroadcastChannel(OUTBOX_SYNCED_CHANNEL);
  channel.postMessage(notice);
  channel.close();
}

/** Sends the stored user's queue once. Resolves when done or when it is the app's turn. */
async function drainOutbox(): Promise<void> {
  const session = await readSyncSession();
  if (!session) return;
  const store = new DexieQueueStore(session.userId);
  try {
    if ((await store.db.items.count()) === 0) return;
    const run = async () => {
      const outcome = await syncQueue(store, sender(session.accessToken), {
        uploads: typeof crypto !== "undefined" && crypto.subtle ? transport(session.accessToken) : undefined,
      });
      if (!outcome.error) await store.setLastSync(Date.now());
      // A bulk applied in part is kept in IndexedDB with its item (decision 0085): the tabs' view of
      // the outbox shows it, and so does the next page opened.
      announceSynced({ userId: session.userId, sent: outcome.sent, failed: outcome.failed });
      if (!outcome.error || outcome.error instanceof SessionRefused) return;
      // Not reached, or the server could not answer: the browser tries the sync again later.
      throw outcome.error;
    };
    const locks = (worker.navigator as Navigator & { locks?: LockManager }).locks;
    if (!locks) return await run();
    // The app's tabs take the same lock (offline/outbox.ts): a tab already sending wins.
    await locks.request(`sitesnag-outbox-sync-${session.userId}`, { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    });
  } catch (error) {
    if (error instanceof SessionRefused) return;
    throw error;
  } finally {
    store.db.close();
  }
}

worker.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainOutbox());
});
