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
  persistQueryClientSave,
  persistQueryClientSubscribe,
  removeOldestQuery,
} from "@tanstack/query-persist-client-core";
import {
  type DehydratedState,
  type DehydrateOptions,
  defaultShouldDehydrateQuery,
  dehydrate,
  hydrate,
  type QueryClient,
} from "@tanstack/react-query";
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
 * A persisted query is restored only where this session has no answer of its own yet: a query
 * the screen already read (data), or one the server already answered with an error (a report
 * deleted meanwhile answers 404), is newer than the copy. A query that failed for lack of network
 * has no status and is restored: offline, the copy is the best there is.
 */
function untouched(queryClient: QueryClient, queryKey: readonly unknown[]): boolean {
  const state = queryClient.getQueryCache().find({ queryKey, exact: true })?.state;
  if (!state) return true;
  const answered = typeof (state.error as { status?: unknown } | null)?.status === "number";
  return state.dataUpdatedAt === 0 && !answered;
}

/**
 * TanStack's persistQueryClientRestore, except that the choice of what to restore and the
 * restore itself happen in one synchronous step, so a request that answers while the copy is
 * being read (the screen starts at once when online) is never overwritten by the older copy.
 * Every restored query comes back invalidated: the copy is shown at once, and a screen that reads
 * it asks the server again as soon as it can. The copy may predate the last change made before a
 * reload (saves are throttled, and a save started as the page unloads may never finish), so a
 * copy saved a minute ago is not "fresh" the way an answer of this session is.
 */
export async function restoreInto(queryClient: QueryClient, persister: Persister): Promise<void> {
  const client = await persister.restoreClient();
  if (!client) return;
  if (
    !client.timestamp ||
    Date.now() - client.timestamp > QUERY_CACHE_MAX_AGE ||
    client.buster !== QUERY_CACHE_BUSTER
  ) {
    await persister.removeClient();
    return;
  }
  try {
    const queries = client.clientState.queries
      .filter((q) => untouched(queryClient, q.queryKey))
      .map((q) => ({ ...q, state: { ...q.state, isInvalidated: true } }));
    const state: DehydratedState = { ...client.clientState, queries };
    hydrate(queryClient, state);
  } catch (error) {
    // A copy this build cannot read is dropped rather than tried again on every start.
    await persister.removeClient();
    throw error;
  }
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
  const restored = restoreInto(queryClient, persister)
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
