import { expect, signInAs, test } from "../fixtures";
import { axe } from "../support/axe";
import { imageLoaded } from "../support/offline";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

// The real service worker, so a reload with no network still opens the app (as installed).
test.use({ serviceWorkers: "allow" });

test("a report with a photo captured offline survives a reload and syncs exactly once on reconnect", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  test.setTimeout(90_000); // service worker install, photo, axe scan, reload, sync: 28 s alone, twice that beside another worker
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Core B" });
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await page.getByRole("radio", { name: "High" }).check();
  await choosePhotos(page, "Choose photos", [jpegFile("riser.jpg", await makeJpeg(page, { width: 800, height: 600 }))]);
  await describePhoto(page, 1, "Riser cupboard", "Missing fire stopping");
  const before = await listReports(baseURL as string, session.accessToken);

  await context.setOffline(true);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging$/);
  const pending = page.getByRole("region", { name: "Reports waiting to sync" });
  await expect(pending.getByText("Pending sync")).toBeVisible();
  await page.getByRole("button", { name: "1 pending" }).click();
  await expect(page.getByText("1 change waiting to sync.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync now" })).toBeDisabled(); // offline
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("pending.png") });

  await page.reload();
  await expect(pending.getByText("Pending sync")).toBeVisible();
  await pending.getByText("Pending sync").click();
  await expect(pending.getByText("Missing fire stopping")).toBeVisible();
  expect(await listReports(baseURL as string, session.accessToken)).toHaveLength(before.length);
  // The queued report opens read-only from local data, its photo included.
  await pending.getByRole("link", { name: /^Open SNAG-/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^SNAG-/ })).toBeVisible();
  await expect(page.getByText("Pending sync", { exact: true })).toBeVisible();
  await expect(page.getByText("Missing fire stopping")).toBeVisible();
  await expect.poll(() => imageLoaded(page, "Photo 1: Riser cupboard")).toBe(true);
  await page.getByRole("main").getByRole("link", { name: "Snagging Reports" }).click();
  await expect(pending.getByText("Pending sync")).toBeVisible();

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 15_000 });
  const after = await listReports(baseURL as string, session.accessToken);
  expect(after).toHaveLength(before.length + 1);
  const [report] = after.filter((r) => r.description.includes("Missing fire stopping"));
  expect(report?.priority).toBe("high");
  expect(report?.attachments).toHaveLength(1);
  await expect(page.getByRole("button", { name: "Synced" })).toBeVisible();
});

test("a status change made offline is shown pending and reaches the server on reconnect", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Plant room" });
  const created = await api.createReport(session.accessToken, { projectId: project.id, priority: "low" });
  await signInAs(page, session);
  await page.goto(`/app/snagging/${created.id}`);
  // As installed after one online visit: the service worker controls the page, so every chunk the
  // offline path needs (outbox, toasts) is at hand with no network.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Resolved" }).click();
  await expect(page.getByText("Status change saved offline. Will sync when online.")).toBeVisible();
  await expect(page.getByText("Pending sync")).toBeVisible();
  const offline = await listReports(baseURL as string, session.accessToken);
  expect(offline.find((r) => r.id === created.id)).toMatchObject({ status: "open" });

  await context.setOffline(false);
  await expect(page.getByText("Pending sync")).toBeHidden({ timeout: 15_000 });
  const online = await listReports(baseURL as string, session.accessToken);
  expect(online.find((r) => r.id === created.id)).toMatchObject({ status: "resolved" });
});
