// Background Sync (issue 28, decision 0031): a report with a photo queued offline registers a sync;
// the app is then closed, and when the browser fires the sync (dispatched here through DevTools, as
// Chromium does once connectivity returns) the service worker sends the queue on its own, photo
// by hash included, exactly once; a tab left open shows what the worker sent without a reload.
import { existsSync } from "node:fs";
import { expect, test } from "../fixtures";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

test("a report queued offline is sent by the service worker with the app closed", async ({
  api,
  baseURL,
  playwright,
  launchOptions,
  contextOptions,
}, testInfo) => {
  // The worker's code is the same on a phone: one viewport is enough (CI's time budget).
  test.skip(testInfo.project.name === "mobile", "the service worker's sync is the same on both viewports");
  test.setTimeout(90_000);
  // Chromium keeps Background Sync off in incognito-like profiles (every test's context) and in
  // its headless shell: this test runs the full browser in a profile of its own, as an installed
  // app does, with the site's permission.
  const browser = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  test.skip(!existsSync(browser), `no full Chromium at ${browser}`);
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...launchOptions,
    executablePath: browser,
    ...contextOptions,
    baseURL,
    serviceWorkers: "allow",
    permissions: ["background-sync"],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Core C" });
  await context.addInitScript((value) => {
    if (!localStorage.getItem("auth-storage"))
      localStorage.setItem(
        "auth-storage",
        JSON.stringify({
          state: {
            user: value.user,
            accessToken: value.accessToken,
            refreshToken: value.refreshToken,
            isAuthenticated: true,
          },
          version: 1,
        }),
      );
  }, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.getByRole("radio", { name: "Medium" }).check();
  await choosePhotos(page, "Choose photos", [jpegFile("duct.jpg", await makeJpeg(page, { width: 800, height: 600 }))]);
  await describePhoto(page, 1, "Plant room", "Duct insulation torn");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags: () => Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain("sitesnag-outbox");

  // The app is closed; a blank tab (another origin) keeps the browser open for DevTools.
  const blank = await context.newPage();
  await page.close();
  const cdp = await context.newCDPSession(blank);
  const registrations = new Map<string, string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
    for (const r of list as { registrationId: string; scopeURL: string; isDeleted: boolean }[])
      if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(baseURL as string).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  await context.setOffline(false);
  expect(await listReports(baseURL as string, session.accessToken)).toHaveLength(0);

  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin,
    registrationId: registrations.get(`${origin}/`) as string,
    tag: "sitesnag-outbox",
    lastChance: false,
  });
  await expect.poll(async () => (await listReports(baseURL as string, session.accessToken)).length).toBe(1);
  const [report] = await listReports(baseURL as string, session.accessToken);
  expect(report?.description).toContain("Duct insulation torn");
  expect(report?.attachments).toHaveLength(1);

  // A second sync (the browser retrying, or the app opening) sends nothing twice.
  await cdp.send("ServiceWorker.dispatchSyncEvent", {
    origin,
    registrationId: registrations.get(`${origin}/`) as string,
    tag: "sitesnag-outbox",
    lastChance: false,
  });
  const app = await context.newPage();
  await app.goto("/app/snagging");
  await expect(app.getByRole("heading", { level: 1, name: "Snagging Reports" })).toBeVisible();
  // The skeleton shows the title too: the list itself has rendered once its skeleton is gone.
  await expect(app.getByRole("status").getByText("Loading…")).toHaveCount(0);
  await expect(app.getByRole("region", { name: "Reports waiting to sync" })).toBeHidden();
  expect(await listReports(baseURL as string, session.accessToken)).toHaveLength(1);

  // With the app open, the worker may still be the one that sends (here the tab's own uploads
  // fail): the open tab then shows it at once, the outbox indicator and the report list both.
  await app.route("**/api/uploads/**", (route) => route.abort("internetdisconnected"));
  await app.goto(`/app/snagging/new?projectId=${project.id}`);
  await app.getByRole("radio", { name: "Low" }).check();
  await choosePhotos(app, "Choose photos", [jpegFile("tray.jpg", await makeJpeg(app, { width: 640, height: 480 }))]);
  await describePhoto(app, 1, "Riser", "Cable tray loose");
  await context.setOffline(true);
  await app.getByRole("button", { name: "Save report" }).focus();
  await app.keyboard.press("Enter");
  await expect(app.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await app.goto("/app/snagging");
  const waiting = app.getByRole("region", { name: "Reports waiting to sync" });
  await expect(waiting).toContainText("Cable tray loose");
  const indicator = app.getByRole("banner").getByRole("button", { name: /pending|Synced/ });
  await expect(indicator).toHaveText("1 pending");
  await context.setOffline(false);
  await expect(async () => {
    await cdp.send("ServiceWorker.dispatchSyncEvent", {
      origin,
      registrationId: registrations.get(`${origin}/`) as string,
      tag: "sitesnag-outbox",
      lastChance: false,
    });
    expect(await listReports(baseURL as string, session.accessToken)).toHaveLength(2);
  }).toPass({ timeout: 20_000 });
  await expect(indicator).toHaveText("Synced");
  await expect(waiting).toBeHidden();
  await expect(app.getByRole("list", { name: "Snagging reports" })).toContainText("Cable tray loose");
  await context.close();
});
