// Offline reading for days (issue 10): the signed-in user's query cache is saved to IndexedDB by
// TanStack Query's persister and restored on the next start, so projects, report lists, report
// details and the dashboard open with no network long after the service worker's 5-minute API
// cache has expired. One record per user (query-cache-policy.ts); every record is deleted on
// sign-out and on sign-in. Loaded lazily (app/persisted-query-cache.ts), out of the entry chunk.
import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import {
  type AsyncStorage,
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
} from "@tanstack/query-persist-client-core";
import { type DehydrateOptions, defaultShouldDehydrateQuery, dehydrate, type QueryClient } from "@tanstack/react-query";
import {
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_DB,
  QUERY_CACHE_MAX_AGE,
  queryCacheKey,
  shouldPersistQueryKey,
} from "./query-cache-policy";

const STORE = "clients";
let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(QUERY_CACHE_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another page is deleting the database (a sign-in): let it, and save nothing more here.
      db.onversionchange = () => {
        db.close();
        opening = null;
        stopQueryPersistence();
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? request.error);
    tx.onabort = () => reject(tx.error ?? request.error);
  });
}

/** A string key-value store in IndexedDB: what the async-storage persister writes to. */
const idbStorage: AsyncStorage<string> = {
  getItem: async (key) => ((await run("readonly", (s) => s.get(key))) as string | undefined) ?? null,
  setItem: async (key, value) => {
    await run("readwrite", (s) => s.put(value, key));
  },
  removeItem: async (key) => {
    await run("readwrite", (s) => s.delete(key));
  },
};

let active: { userId: string; restored: Promise<void>; unsubscribe: () => void } | null = null;
/** Bumped on every stop: a throttled save still pending from the previous session writes nothing. */
let generation = 0;

function persisterFor(userId: string): Persister {
  const mine = generation;
  return createAsyncStoragePersister({
    storage: {
      ...idbStorage,
      setItem: (key, value) => (mine === generation ? idbStorage.setItem(key, value) : undefined),
    },
    key: queryCacheKey(userId),
    throttleTime: 1000,
    // Storage full: drop the oldest query and try again, rather than keep nothing.
    retry: removeOldestQuery,
  });
}

const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && shouldPersistQueryKey(query.queryKey),
  shouldDehydrateMutation: () => false,
};

/**
 * Saves are throttled (a second); a tab hidden or closed sooner writes at once, so the reads of a
 * screen left quickly are not lost (the same record the persister writes).
 */
function flushOnHide(queryClient: QueryClient, userId: string): () => void {
  const mine = generation;
  const flush = () => {
    if (mine !== generation) return;
    const client: PersistedClient = {
      buster: QUERY_CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, dehydrateOptions),
    };
    Promise.resolve(idbStorage.setItem(queryCacheKey(userId), JSON.stringify(client))).catch(() => {});
  };
  const onHidden = () => document.visibilityState === "hidden" && flush();
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", flush);
  return () => {
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", flush);
  };
}

/**
 * Restores `userId`'s persisted cache into the client (once per user), then saves every change to
 * a persisted query from then on. Resolves when the restore is done, successful or not.
 */
export function startQueryPersistence(queryClient: QueryClient, userId: string): Promise<void> {
  if (active?.userId === userId) return active.restored;
  stopQueryPersistence();
  const persister = persisterFor(userId);
  let unsubscribe = () => {};
  let stopped = false;
  const restored = persistQueryClientRestore({
    queryClient,
    persister,
    buster: QUERY_CACHE_BUSTER,
    maxAge: QUERY_CACHE_MAX_AGE,
  })
    .catch((error: unknown) => console.warn("The offline copy of earlier reads could not be restored", error))
    .then(() => {
      if (stopped) return;
      const unsubscribeCache = persistQueryClientSubscribe({
        queryClient,
        persister,
        buster: QUERY_CACHE_BUSTER,
        dehydrateOptions,
      });
      // Online, screens do not wait for the restore: what they read meanwhile is saved now.
      void persistQueryClientSave({ queryClient, persister, buster: QUERY_CACHE_BUSTER, dehydrateOptions });
      const unsubscribeHide = flushOnHide(queryClient, userId);
      unsubscribe = () => {
        unsubscribeCache();
        unsubscribeHide();
      };
    });
  active = {
    userId,
    restored,
    unsubscribe: () => {
      stopped = true;
      unsubscribe();
    },
  };
  return restored;
}

export function stopQueryPersistence(): void {
  generation += 1;
  active?.unsubscribe();
  active = null;
}

/** Sign-out and sign-in: stop saving, and delete every user's persisted cache. */
export async function clearPersistedQueries(): Promise<void> {
  stopQueryPersistence();
  await run("readwrite", (s) => s.clear()).catch((error: unknown) =>
    console.warn("The offline copy of earlier reads could not be emptied", error),
  );
}
