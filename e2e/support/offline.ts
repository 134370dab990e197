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

/** Waits until every given text is in the persisted cache (it is saved about a second after a read). */
export async function expectPersisted(page: Page, ...texts: string[]): Promise<void> {
  for (const text of texts) {
    await expect
      .poll(async () => (await persistedQueryCache(page)).includes(text), {
        message: `the persisted query cache holds ${text}`,
        timeout: 15_000,
      })
      .toBe(true);
  }
}

/** Whether an <img> has really been decoded (a broken image has no natural width). */
export const imageLoaded = (page: Page, alt: string) =>
  page
    .getByRole("img", { name: alt })
    .first()
    .evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);
