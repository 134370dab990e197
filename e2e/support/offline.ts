// Helpers for the offline tests: the service worker controlling the page as an installed app's
// does, and what the app has persisted in IndexedDB for offline reading.
import { expect, type Page } from "@playwright/test";

/** After one online visit: the worker is installed and, from the next load on, controls the page. */
export async function installServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The persisted query cache's text for the signed-in user (empty when nothing is saved yet). */
export function persistedQueryCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open("sitesnag-query-cache");
        open.onupgradeneeded = () => open.result.createObjectStore("clients");
        open.onerror = () => resolve("");
        open.onsuccess = () => {
          const db = open.result;
          try {
            const all = db.transaction("clients").objectStore("clients").getAll();
            all.onsuccess = () => {
              db.close();
              resolve((all.result as string[]).join("\n"));
            };
            all.onerror = () => {
              db.close();
              resolve("");
            };
          } catch {
            db.close();
            resolve("");
          }
        };
      }),
  );
}

/** The query hashes (JSON of the query keys) in the persisted cache. */
export async function persistedQueryHashes(page: Page): Promise<string[]> {
  const text = await persistedQueryCache(page);
  if (!text) return [];
  return text
    .split("\n")
    .flatMap(
      (record) => (JSON.parse(record) as { clientState: { queries: { queryHash: string }[] } }).clientState.queries,
    )
    .map((q) => q.queryHash);
}

/** Waits until these queries are in the persisted cache (it is saved about a second after a read). */
export async function expectPersisted(page: Page, ...queryKeys: unknown[][]): Promise<void> {
  await expect
    .poll(() => persistedQueryHashes(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(queryKeys.map((key) => JSON.stringify(key))));
}

/** Whether an <img> has really been decoded (a broken image has no natural width). */
export const imageLoaded = (page: Page, alt: string) =>
  page
    .getByRole("img", { name: alt })
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
