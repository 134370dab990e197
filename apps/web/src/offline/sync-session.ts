// What the service worker's background sync (sw/outbox-sync.ts) needs to send a user's queue with
// the app closed: whose queue, and that user's current access token. Kept in a small IndexedDB
// store (a worker cannot read localStorage), written while a queue exists and emptied on sign-out.
// The worker never refreshes the token (refresh tokens rotate and belong to the page): a token
// that has expired leaves the queue for the app's next start.
const DB = "sitesnag-sync-session";
const STORE = "session";
const KEY = "current";

export type SyncSession = { userId: string; accessToken: string };

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? request.error);
      tx.onabort = () => reject(tx.error ?? request.error);
    });
  } finally {
    db.close();
  }
}

export async function saveSyncSession(session: SyncSession): Promise<void> {
  await run("readwrite", (s) => s.put(session, KEY));
}

export async function readSyncSession(): Promise<SyncSession | null> {
  const value = (await run("readonly", (s) => s.get(KEY))) as SyncSession | undefined;
  return value && typeof value.userId === "string" && typeof value.accessToken === "string" ? value : null;
}

export async function clearSyncSession(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  await run("readwrite", (s) => s.delete(KEY)).catch(() => undefined);
}
