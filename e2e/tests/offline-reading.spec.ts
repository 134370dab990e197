// Offline reading for days (issue 10): what was seen online stays readable with no network, from
// the query cache persisted in IndexedDB and the service worker's image cache, long after the
// worker's 5-minute API cache is gone; and every /app screen opens in a cold start of the app.
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";
import { expectPersisted, imageLoaded, installServiceWorker, persistedQueryCache } from "../support/offline";

// The real service worker, as an installed app would run it.
test.use({ serviceWorkers: "allow" });

test("a report and its photo read offline an hour after they were fetched", async ({ page, context, api }) => {
  test.setTimeout(60_000);
  const { session, cracked } = await seed(api);
  await page.clock.install();
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  await installServiceWorker(page);
  const heading = page.getByRole("heading", { level: 1, name: cracked.title });
  await expect(heading).toBeVisible();
  await expect.poll(() => imageLoaded(page, "Photo 1: Flat 2.04 kitchen")).toBe(true);
  await expectPersisted(page, ["snagging", "detail", cracked.id]);
  expect(await persistedQueryCache(page)).toContain("Cracked floor tile by the sink");

  // An hour later the service worker's 5-minute API cache has expired (dropped here, since the
  // worker's own clock cannot be moved): only the persisted query cache is left to read from.
  await page.clock.fastForward("01:00:00");
  await page.evaluate(() => caches.delete("api"));
  await context.setOffline(true);
  await page.reload();

  await expect(heading).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
  await expect(page.getByText("Cracked floor tile by the sink")).toBeVisible();
  await expect(page.getByText("Handrail bracket loose")).toBeVisible();
  // The photo comes from the service worker's image cache.
  await expect.poll(() => imageLoaded(page, "Photo 1: Flat 2.04 kitchen")).toBe(true);
  await expect(page.getByText("Failed to load report")).toHaveCount(0);
  await expect(page.getByText("Image not found")).toHaveCount(0);
});

test("after one online visit every /app screen opens offline in a cold start of the installed app", async ({
  page,
  context,
  api,
}) => {
  test.setTimeout(90_000);
  const { session, project, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  await installServiceWorker(page);
  // Each screen is read long enough for its data to be saved (about a second after it arrives).
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectPersisted(page, ["dashboard"]);
  await page.goto("/app/projects");
  await expect(page.getByRole("link", { name: /Canal Wharf Tower/ })).toBeVisible();
  await expectPersisted(page, ["projects", "pages"]);
  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Canal Wharf Tower" })).toBeVisible();
  await expectPersisted(page, ["projects", project.id], ["snagging", { projectId: project.id }]);
  await page.goto("/app/snagging");
  await expect(page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem")).toHaveCount(3);
  await expectPersisted(page, ["snagging", "list"]);
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect.poll(() => imageLoaded(page, "Photo 1: Flat 2.04 kitchen")).toBe(true);
  await expectPersisted(page, ["snagging", "detail", cracked.id]);

  // The app is closed; later, with no network, it is started again (a new window, same browser).
  await context.setOffline(true);
  await page.close();
  const app = await context.newPage();

  await app.goto("/app/dashboard");
  await expect(app.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(
    app
      .getByRole("link", { name: /Snagging Reports/ })
      .filter({ hasText: "3" })
      .first(),
  ).toBeVisible();
  await expect(app.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

  await app.goto("/app/projects");
  await expect(app.getByRole("link", { name: /Canal Wharf Tower/ })).toBeVisible();

  await app.goto(`/app/projects/${project.id}`);
  await expect(app.getByRole("heading", { level: 1, name: "Canal Wharf Tower" })).toBeVisible();

  await app.goto("/app/snagging");
  await expect(app.getByRole("list", { name: "Snagging reports" }).getByRole("listitem")).toHaveCount(3);

  await app.goto(`/app/snagging/${cracked.id}`);
  await expect(app.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect.poll(() => imageLoaded(app, "Photo 1: Flat 2.04 kitchen")).toBe(true);

  // And a reload while offline.
  await app.reload();
  await expect(app.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect(app.getByText(/^Failed to load/)).toHaveCount(0);
});

test("signing out empties the persisted reads", async ({ page, api }) => {
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expectPersisted(page, ["snagging", "detail", cracked.id]);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => persistedQueryCache(page)).toBe("");
});

/** Ages every answer in the service worker's API copy by `hours` (the worker's clock cannot be moved). */
const ageApiCopies = (page: Page, hours: number) =>
  page.evaluate(async (ms) => {
    const cache = await caches.open("api");
    for (const key of await cache.keys()) {
      const hit = await cache.match(key);
      if (!hit) continue;
      const headers = new Headers(hit.headers);
      headers.set("x-sitesnag-stored-at", String(Number(headers.get("x-sitesnag-stored-at")) - ms));
      await cache.put(key, new Response(await hit.blob(), { status: 200, headers }));
    }
    return (await cache.keys()).length;
  }, hours * 3_600_000);

/**
 * Deletes the persisted query cache as a sign-in does: the page's open connection closes itself and
 * saves nothing more, so only the service worker's copy can answer after the next reload.
 */
const dropPersistedReads = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const deletion = indexedDB.deleteDatabase("sitesnag-query-cache");
        deletion.onsuccess = () => resolve();
        deletion.onerror = () => reject(deletion.error);
      }),
  );

test("the new report form reloads offline hours later from the worker's copy, marked possibly out of date, and never for another user", async ({
  page,
  context,
  api,
}) => {
  test.setTimeout(90_000);
  const { session } = await seed(api);
  const other = await api.signUp({ firstName: "Sam", lastName: "Other" });
  await page.clock.install();
  await signInAs(page, session);
  await page.goto("/app/snagging/new");
  await installServiceWorker(page);
  const option = page.getByLabel("Project").getByRole("option", { name: "Canal Wharf Tower" });
  await expect(option).toBeAttached();
  // Six minutes on, the restored reads are stale (members stay fresh 5 minutes): the reload reads
  // again, through the worker.
  await page.clock.fastForward("00:06:00");
  await page.reload();
  await expect(option).toBeAttached();
  const apiCopies = () => page.evaluate(async () => (await (await caches.open("api")).keys()).map((k) => k.url));
  await expect
    .poll(apiCopies)
    .toEqual(
      expect.arrayContaining([
        expect.stringContaining("/api/projects?sw-user="),
        expect.stringContaining("/api/users?scope=workspace&sw-user="),
      ]),
    );

  // Three hours later (the copies aged), offline, and with no persisted reads either: only the
  // service worker's copy of the last answers can fill the form.
  await context.setOffline(true);
  expect(await ageApiCopies(page, 3)).toBeGreaterThan(0);
  await dropPersistedReads(page);
  await page.reload();

  await expect(page.getByRole("heading", { level: 1, name: "New Snagging Report" })).toBeVisible();
  await expect(option).toBeAttached();
  await expect(page.getByRole("button", { name: "Take photo" })).toBeVisible();
  await expect(page.getByText("Failed to load projects")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toContainText(
    "Showing what was loaded 3 hours ago; it may be out of date.",
  );

  // Another account on this browser, even had the sign-out's clearing never run: Rita's copies are
  // kept under Rita, so Sam's offline form has nothing to show but its wait.
  await page.evaluate((s) => {
    localStorage.setItem(
      "auth-storage",
      JSON.stringify({
        state: { user: s.user, accessToken: s.accessToken, refreshToken: s.refreshToken, isAuthenticated: true },
        version: 1,
      }),
    );
  }, other);
  const readProjects = (token: string) =>
    page.evaluate(
      (t) =>
        fetch("/api/projects", { headers: { authorization: `Bearer ${t}` } }).then(
          async (r) => `${r.status} ${await r.text()}`,
          () => "no answer",
        ),
      token,
    );
  expect(await readProjects(session.accessToken)).toContain("Canal Wharf Tower");
  expect(await readProjects(other.accessToken)).toBe("no answer");
  await page.reload();
  await expect(page.getByText("this device has no copy of your projects yet")).toBeVisible();
  await expect(option).toHaveCount(0);
  await expect(page.getByText("Failed to load projects")).toHaveCount(0);
});
