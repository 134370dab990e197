// A deleted report's photos leave the service worker's image cache (issue 22): the server serves
// them `private` (no shared cache keeps them), and this device stops keeping them too.
import { expect, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";
import { imageLoaded, installServiceWorker } from "../support/offline";

test.use({ serviceWorkers: "allow" });

const cachedPhotoPaths = (page: import("@playwright/test").Page) =>
  page.evaluate(async () =>
    (await caches.has("images"))
      ? (await (await caches.open("images")).keys()).map((request) => new URL(request.url).pathname)
      : [],
  );

test("deleting a report removes its photos from the service worker's cache", async ({ page, api }) => {
  test.setTimeout(60_000);
  const { session, cracked } = await seed(api);
  const photoPaths = cracked.attachments.flatMap((a) => [a.file_path, a.thumbnail_path ?? ""]).filter(Boolean);
  expect(photoPaths.length).toBe(4);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  await installServiceWorker(page);
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect.poll(() => imageLoaded(page, "Photo 1: Flat 2.04 kitchen")).toBe(true);
  await expect.poll(() => imageLoaded(page, "Photo 2: Stair core B")).toBe(true);
  // The photos shown (thumbnails or full size) went through the worker's cache-first route.
  await expect
    .poll(async () => {
      const cached = await cachedPhotoPaths(page);
      return photoPaths.filter((p) => cached.includes(p)).length;
    })
    .toBeGreaterThanOrEqual(2);

  await page.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("dialog", { name: /Delete report/ })
    .getByRole("button", { name: /Delete/ })
    .last()
    .click();
  await expect(page).toHaveURL(/\/app\/snagging$/);
  await expect
    .poll(async () => {
      const cached = await cachedPhotoPaths(page);
      return photoPaths.filter((p) => cached.includes(p)).length;
    })
    .toBe(0);
});
