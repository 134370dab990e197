// Issue 33: the offline paths on a first visit. Each test runs in a fresh browser context (Playwright
// makes one per test): no service worker has controlled a page yet, nothing is cached, and the
// signal goes as soon as the screen shows.
import { answer } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { seed } from "../snagging-seed";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

test.use({ serviceWorkers: "allow" });

test("a report with a photo saved offline on a first visit is queued and reaches the server once", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Core C" });
  const photo = jpegFile("stair.jpg", await makeJpeg(page, { width: 800, height: 600 }));
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await expect(page.getByRole("button", { name: "Save report" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("radio", { name: "High" }).check();
  await choosePhotos(page, "Take photo", [photo]);
  await describePhoto(page, 1, "Stair core C", "Nosing loose on the third step");
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/snagging$/);
  const pending = page.getByRole("region", { name: "Reports waiting to sync" });
  await expect(pending.getByText("Pending sync")).toBeVisible();
  // Issue 34: the list this device never loaded says so, instead of "Loading reports…" for ever.
  await expect(page.getByRole("main").getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText("Loading reports…")).toBeHidden();
  expect(await listReports(baseURL as string, session.accessToken)).toHaveLength(0);

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 15_000 });
  const reports = await listReports(baseURL as string, session.accessToken);
  expect(reports).toHaveLength(1);
  expect(reports[0]?.description).toContain("Nosing loose on the third step");
  expect(reports[0]?.attachments).toHaveLength(1);
  await expect(page.getByRole("list", { name: "Snagging reports" }).getByText(reports[0]?.title ?? "")).toBeVisible();
});

test("the service worker takes charge of the page on its first install, with no reload", async ({ page, api }) => {
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/snagging/new");
  await expect(page.getByRole("button", { name: "Save report" })).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(false);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
});

test.describe("when the offline queue never arrived", () => {
  // No service worker either: the page has only what it fetched itself.
  test.use({ serviceWorkers: "block" });

  test("a save with no signal keeps the input on screen, says what to do, and saves once back online", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken, { name: "Core D" });
    const photo = jpegFile("lintel.jpg", await makeJpeg(page, { width: 800, height: 600 }));
    // The queue's chunk cannot be fetched (the signal went before it arrived).
    await page.route(/\/assets\/outbox-[^/]+\.js$/, (route) => route.abort("internetdisconnected"));
    await signInAs(page, session);
    await page.goto(`/app/snagging/new?projectId=${project.id}`);
    await expect(page.getByRole("button", { name: "Save report" })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole("radio", { name: "Medium" }).check();
    await choosePhotos(page, "Take photo", [photo]);
    await describePhoto(page, 1, "Plot 4 rear", "Lintel bearing too short");
    await page.getByRole("button", { name: "Save report" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not saved: with no signal" })).toContainText(
      "Everything you entered is still here. Keep this page open and tap Save report again when you have signal.",
    );
    await expect(page).toHaveURL(/\/app\/snagging\/new/);
    await expect(page.getByLabel("Photo 1 description")).toHaveValue("Lintel bearing too short");
    await expect(page.getByRole("radio", { name: "Medium" })).toBeChecked();

    await context.setOffline(false);
    await page.getByRole("button", { name: "Save report" }).click();
    await expect(page.getByText("Report created successfully")).toBeVisible();
    const reports = await listReports(baseURL as string, session.accessToken);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.description).toContain("Lintel bearing too short");
    expect(reports[0]?.attachments).toHaveLength(1);
  });
});

test("a status change and a comment made offline on a first visit to a report are queued and reach the server", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}`);
  const comments = page.getByRole("region", { name: "Comments" });
  await expect(comments.getByRole("button", { name: "Post comment" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("region", { name: "Change Status" }).getByRole("button", { name: "Resolved" }).click();
  await expect(page.getByText("Status change saved offline. Will sync when online.")).toBeVisible();
  await comments.getByLabel("Add a comment").fill("Tile on order");
  await comments.getByRole("button", { name: "Post comment" }).click();
  await expect(comments.getByRole("listitem").filter({ hasText: "Tile on order" })).toContainText("Pending sync");

  await context.setOffline(false);
  await expect(page.getByText(/pending sync/i)).toHaveCount(0, { timeout: 15_000 });
  const reports = await listReports(baseURL as string, session.accessToken);
  expect(reports.find((r) => r.id === cracked.id)?.status).toBe("resolved");
  const res = await fetch(`${baseURL}/api/snagging/${cracked.id}/comments`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  const { comments: posted } = (await res.json()) as { comments: { body: string }[] };
  expect(posted.map((c) => c.body)).toEqual(["Tile on order"]);
});

test("an edit saved offline on a first visit to the edit form is queued and reaches the server", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { session, cracked } = await seed(api);
  await signInAs(page, session);
  await page.goto(`/app/snagging/${cracked.id}/edit`);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("radio", { name: "Critical" }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved offline. Will sync when online.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${cracked.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: cracked.title })).toBeVisible();
  await expect(page.getByText("Pending sync", { exact: true })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("Pending sync", { exact: true })).toBeHidden({ timeout: 15_000 });
  const reports = await listReports(baseURL as string, session.accessToken);
  expect(reports.find((r) => r.id === cracked.id)?.priority).toBe("critical");
});

test.describe("before the service worker has its copy", () => {
  // The worst case of a first visit: the signal goes before the service worker has installed, so
  // only what the page fetched itself is there.
  test.use({ serviceWorkers: "block" });

  test("an audit answer saved offline on a first visit to the audit is kept on the device and reaches the server once", async ({
    page,
    context,
    api,
  }) => {
    test.setTimeout(60_000);
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken, { name: "Quarry Lane" });
    const { audit } = await api.call<{ audit: { id: string } }>(
      "POST",
      "/audits",
      { projectId: project.id, auditDate: "2026-11-02" },
      session.accessToken,
    );
    await signInAs(page, session);
    await page.goto(`/app/audits/${audit.id}`);
    const edit = page.getByRole("button", { name: "Edit on this device" });
    await expect(edit).toBeVisible();

    await context.setOffline(true);
    await edit.click();
    const status = page.getByRole("status", { name: "Sync status" });
    await answer(page, "1.1", "Compliant");
    await page.getByRole("button", { name: "Save Audit" }).last().click();
    await expect(page.getByText("Audit saved successfully!")).toBeVisible();
    await expect(status).toHaveText("Waiting to sync");

    await context.setOffline(false);
    await expect(status).toHaveText("Synced", { timeout: 15_000 });
    const { audits } = await api.call<{ audits: { id: string }[] }>("GET", "/audits", undefined, session.accessToken);
    expect(audits.map((a) => a.id)).toEqual([audit.id]);
    const { audit: onServer } = await api.call<{ audit: { items: { id: string; status: string; version: number }[] } }>(
      "GET",
      `/audits/${audit.id}`,
      undefined,
      session.accessToken,
    );
    expect(onServer.items.find((i) => i.id === "cdm-1")).toMatchObject({ status: "C", version: 1 });
  });

  test("a fix sent through a share link with no signal stays on the form, says it was not sent, and is sent once back online", async ({
    page,
    context,
    api,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken, { name: "Mill Street" });
    const leak = await api.createReport(session.accessToken, {
      projectId: project.id,
      priority: "high",
      description: "📷 Photo 1 - Flat 5 bathroom: Leaking trap under basin",
    });
    const { url } = await api.call<{ url: string }>(
      "POST",
      `/projects/${project.id}/share-links`,
      { name: "Acme Plumbing" },
      session.accessToken,
    );
    // The subcontractor: no account, a first visit.
    await page.goto(new URL(url).pathname);
    const card = page.getByRole("list", { name: "Shared snags" }).getByRole("article", { name: leak.title });
    await expect(card.getByRole("button", { name: "Mark fixed" })).toBeVisible();

    await context.setOffline(true);
    await card.getByRole("button", { name: "Mark fixed" }).click();
    await card.getByLabel("Photo of the fix").setInputFiles({
      name: "fixed.png",
      mimeType: "image/png",
      buffer: makePng([40, 160, 60]),
    });
    await card.getByLabel("Note (optional)").fill("New trap fitted");
    await card.getByRole("button", { name: "Send fix" }).click();
    await expect(card.getByRole("alert")).toHaveText(
      "Not sent: there is no signal. Your photos and note are still here: keep this page open and tap Send fix again when you have signal.",
    );
    await expect(card.getByLabel("Note (optional)")).toHaveValue("New trap fitted");
    await expect(card.getByText("1 photo chosen")).toBeVisible();

    await context.setOffline(false);
    await card.getByRole("button", { name: "Send fix" }).click();
    await expect(card.getByRole("status")).toHaveText("Marked fixed. Thank you!");
    const reports = await listReports(baseURL as string, session.accessToken);
    expect(reports.find((r) => r.id === leak.id)?.status).toBe("resolved");
  });
});
