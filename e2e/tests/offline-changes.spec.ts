// Offline edits and deletes (issue 10): queued in order, shown pending on the report, applied once
// on reconnect; a 401 in the middle of a sync refreshes the session and carries on; a full disk
// refuses the new change with a clear message and keeps what was already queued.
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "../fixtures";
import { seed } from "../snagging-seed";
import { expectPersisted, installServiceWorker } from "../support/offline";
import { listReports } from "../support/snag-form";

const storedAccessToken = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("auth-storage") ?? "{}") as { state?: { accessToken?: string } }).state
        ?.accessToken,
  );

test.describe("with the installed app's service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("an edit and a delete made offline are shown pending and reach the server exactly once", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { session, cracked, leak } = await seed(api);
    const token = session.accessToken;
    await signInAs(page, session);
    // One online visit of each screen used below (the edit form also reads projects and members).
    await page.goto(`/app/snagging/${cracked.id}/edit`);
    await installServiceWorker(page);
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
    await expectPersisted(page, ["users", { scope: "workspace" }], ["projects"], ["snagging", "detail", cracked.id]);
    await page.goto(`/app/snagging/${leak.id}`);
    await expect(page.getByRole("heading", { level: 1, name: leak.title })).toBeVisible();
    await expectPersisted(page, ["snagging", "detail", leak.id]);
    await page.goto("/app/snagging");
    await expect(page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem")).toHaveCount(3);
    await expectPersisted(page, ["snagging", "list"]);

    await context.setOffline(true);
    await page.goto(`/app/snagging/${cracked.id}/edit`);
    await page.getByRole("radio", { name: "Critical" }).check();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Changes saved offline. Will sync when online.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/snagging/${cracked.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
    await expect(page.getByText("Pending sync", { exact: true })).toBeVisible();

    await page.goto(`/app/snagging/${leak.id}`);
    await expect(page.getByRole("heading", { level: 1, name: leak.title })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete report?" }).getByRole("button", { name: "Delete Report" }).click();
    await expect(page.getByText("Delete saved offline. Will sync when online.")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/snagging$/);
    const cards = page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem");
    await expect(cards.filter({ hasText: leak.title }).getByText("Delete pending sync")).toBeVisible();
    await expect(cards.filter({ hasText: cracked.title }).getByText("Pending sync", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "2 pending" })).toBeVisible();

    // Nothing has reached the server yet.
    const offline = await listReports(baseURL as string, token);
    expect(offline).toHaveLength(3);
    expect(offline.find((r) => r.id === cracked.id)?.priority).toBe("high");

    await context.setOffline(false);
    await expect(page.getByRole("button", { name: "Synced" })).toBeVisible({ timeout: 15_000 });
    const online = await listReports(baseURL as string, token);
    expect(online.map((r) => r.id).sort()).toEqual(
      offline
        .map((r) => r.id)
        .filter((id) => id !== leak.id)
        .sort(),
    );
    const edited = online.find((r) => r.id === cracked.id);
    expect(edited?.priority).toBe("critical");
    expect(edited?.attachments).toHaveLength(2);
    expect(edited?.description).toContain("Cracked floor tile by the sink");
    await expect(cards.filter({ hasText: leak.title })).toHaveCount(0);

    // Sending again changes nothing: each queued change left the queue once applied.
    await page.getByRole("button", { name: "Synced" }).click();
    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
    expect(await listReports(baseURL as string, token)).toEqual(online);
  });

  test("a 401 during sync refreshes the session and the queued change reaches the server once", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    const { session, cracked } = await seed(api);
    await signInAs(page, session);
    await page.goto(`/app/snagging/${cracked.id}`);
    // As installed: every chunk the offline path needs (queue, toasts) is at hand with no network.
    await installServiceWorker(page);
    await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole("region", { name: "Change Status" }).getByRole("button", { name: "Closed" }).click();
    await expect(page.getByText("Pending sync", { exact: true })).toBeVisible();

    // The access token has expired by the time the network is back: the first sync answers 401.
    let syncs = 0;
    let refreshes = 0;
    await page.route("**/api/snagging/sync", async (route) => {
      syncs += 1;
      if (syncs > 1) return route.continue();
      return route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ statusCode: 401, error: "Unauthorized", message: "Access token expired" }),
      });
    });
    page.on("request", (request) => {
      if (request.url().endsWith("/api/auth/refresh")) refreshes += 1;
    });
    const before = await storedAccessToken(page);

    await context.setOffline(false);
    await expect(page.getByText("Pending sync", { exact: true })).toBeHidden({ timeout: 15_000 });
    expect(syncs).toBe(2);
    expect(refreshes).toBe(1);
    expect(await storedAccessToken(page)).not.toBe(before);
    await expect(page).toHaveURL(new RegExp(`/app/snagging/${cracked.id}$`));
    const reports = await listReports(baseURL as string, session.accessToken);
    expect(reports.find((r) => r.id === cracked.id)?.status).toBe("closed");
    expect(reports).toHaveLength(3);
  });

  test("a full disk refuses the new change with a clear message and keeps the queue", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    // The quota can be made to run out on demand, for the offline queue's database only; the
    // request to keep storage persistent is counted.
    await page.addInitScript(() => {
      const w = window as unknown as { storageFull?: boolean; persistCalls?: number };
      w.persistCalls = 0;
      if (navigator.storage) {
        navigator.storage.persist = async () => {
          w.persistCalls = (w.persistCalls ?? 0) + 1;
          return true;
        };
      }
      for (const method of ["add", "put"] as const) {
        const real = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
        Object.defineProperty(IDBObjectStore.prototype, method, {
          configurable: true,
          writable: true,
          value: function (this: IDBObjectStore, ...args: unknown[]) {
            if (w.storageFull && this.transaction.db.name.startsWith("sitesnag-outbox")) {
              throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
            }
            return real.apply(this, args);
          },
        });
      }
    });
    const { session, cracked } = await seed(api);
    await signInAs(page, session);
    await page.goto(`/app/snagging/${cracked.id}`);
    await installServiceWorker(page);
    await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();

    await context.setOffline(true);
    const changer = page.getByRole("region", { name: "Change Status" });
    await changer.getByRole("button", { name: "Resolved" }).click();
    await expect(page.getByText("Status change saved offline. Will sync when online.")).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls)).toBe(1);

    await page.evaluate(() => {
      (window as unknown as { storageFull: boolean }).storageFull = true;
    });
    await changer.getByRole("button", { name: "Closed" }).click();
    await expect(page.getByText(/Not enough storage on this device/)).toBeVisible();
    await expect(page.getByText(/Changes already queued are kept/)).toBeVisible();
    await expect(page.getByRole("button", { name: "1 pending" })).toBeVisible();

    await page.evaluate(() => {
      (window as unknown as { storageFull: boolean }).storageFull = false;
    });
    await context.setOffline(false);
    await expect(page.getByText("Pending sync", { exact: true })).toBeHidden({ timeout: 15_000 });
    const reports = await listReports(baseURL as string, session.accessToken);
    expect(reports.find((r) => r.id === cracked.id)?.status).toBe("resolved");
    // Asked once, after the first queued change.
    expect(await page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls)).toBe(1);
  });
});
