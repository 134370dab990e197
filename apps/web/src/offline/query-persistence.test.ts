import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { persistQueryClientSave } from "@tanstack/query-persist-client-core";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { QUERY_CACHE_BUSTER } from "./query-cache-policy";
import { restoreInto } from "./query-persistence";

const FIVE_MINUTES = 5 * 60 * 1000;

/** The persister the app uses, on a Map instead of IndexedDB. */
function memoryPersister() {
  const items = new Map<string, string>();
  return createAsyncStoragePersister({
    storage: {
      getItem: async (key) => items.get(key) ?? null,
      setItem: async (key, value) => void items.set(key, value),
      removeItem: async (key) => void items.delete(key),
    },
    key: "query-cache:u1",
    throttleTime: 0,
  });
}

const contactsKey = ["users", "contacts"];

/** A session that read the contacts list (0 reports each) and saved its cache. */
async function savedSession() {
  const persister = memoryPersister();
  const before = new QueryClient({ defaultOptions: { queries: { staleTime: FIVE_MINUTES } } });
  before.setQueryData(contactsKey, [{ id: "c1", reportCount: 0 }]);
  await persistQueryClientSave({ queryClient: before, persister, buster: QUERY_CACHE_BUSTER });
  return persister;
}

describe("restoring the saved copy of earlier reads", () => {
  it("shows the copy at once but counts it stale, so a screen reading it asks the server again", async () => {
    const persister = await savedSession();
    // The reload, seconds later: the copy is younger than the screen's staleTime.
    const after = new QueryClient({ defaultOptions: { queries: { staleTime: FIVE_MINUTES } } });
    await restoreInto(after, persister);

    const query = after.getQueryCache().find({ queryKey: contactsKey, exact: true });
    expect(query?.state.data).toEqual([{ id: "c1", reportCount: 0 }]);
    // Without this, the copy (saved before the last change reached it) would be shown as fresh
    // for five minutes: a contact's "0 reports" after assigning them a report and reloading.
    expect(query?.isStaleByTime(FIVE_MINUTES)).toBe(true);
  });

  it("never replaces what this session has already read from the server", async () => {
    const persister = await savedSession();
    const after = new QueryClient({ defaultOptions: { queries: { staleTime: FIVE_MINUTES } } });
    after.setQueryData(contactsKey, [{ id: "c1", reportCount: 1 }]);
    await restoreInto(after, persister);

    const query = after.getQueryCache().find({ queryKey: contactsKey, exact: true });
    expect(query?.state.data).toEqual([{ id: "c1", reportCount: 1 }]);
    expect(query?.isStaleByTime(FIVE_MINUTES)).toBe(false);
  });
});
