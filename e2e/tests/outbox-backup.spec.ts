import { readFile } from "node:fs/promises";
import { expect, signInAs, test } from "../fixtures";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

// Issue 28: a backup of unsynced work (items and photos in one file) downloaded on one browser and
// imported on another signed in to the same account; both send it, the server keeps it once.
test.use({ serviceWorkers: "allow" });

test("a backup exported on one browser imports on another and lands on the server exactly once", async ({
  page,
  context,
  browser,
  api,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Annex" });
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.getByRole("radio", { name: "High" }).check();
  await choosePhotos(page, "Choose photos", [jpegFile("annex.jpg", await makeJpeg(page, { width: 640, height: 480 }))]);
  await describePhoto(page, 1, "Annex roof", "Backup carried this");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  await page.getByRole("button", { name: "1 pending" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download a backup of unsynced work" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sitesnag-unsynced-work-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await readFile((await download.path()) as string);
  expect(file.toString("utf8")).toContain('"format":"sitesnag-outbox-backup"');

  // Another browser, signed in to the same account, online.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await signInAs(second, session);
  await second.goto("/app/profile");
  const importFile = async () => {
    const chooser = second.waitForEvent("filechooser");
    await second.getByRole("button", { name: "Import a backup" }).click();
    await (await chooser).setFiles({ name: "backup.json", mimeType: "application/json", buffer: file });
  };
  await importFile();
  await expect(second.getByRole("status").filter({ hasText: "1 change(s) imported" })).toBeVisible();
  const count = async () =>
    (await listReports(baseURL as string, session.accessToken)).filter((r) =>
      r.description.includes("Backup carried this"),
    );
  await expect.poll(async () => (await count()).length, { timeout: 30_000 }).toBe(1);
  expect((await count())[0]?.attachments).toHaveLength(1);

  // The first browser comes back online and sends its own copy: the ledger keeps one.
  await context.setOffline(false);
  await expect(page.getByRole("button", { name: "Synced", exact: true })).toBeVisible({ timeout: 30_000 });
  // Importing the same file again changes nothing on the server either.
  await importFile();
  await expect(second.getByRole("status").filter({ hasText: /imported|already on this device/ })).toBeVisible();
  await expect(second.getByRole("button", { name: "Synced", exact: true })).toBeVisible({ timeout: 30_000 });
  const reports = await count();
  expect(reports).toHaveLength(1);
  expect(reports[0]?.attachments).toHaveLength(1);

  // A backup of another account is refused.
  const stranger = await api.signUp();
  await other.close();
  const strangerContext = await browser.newContext({ baseURL });
  const strangerPage = await strangerContext.newPage();
  await signInAs(strangerPage, stranger);
  await strangerPage.goto("/app/profile");
  const chooser = strangerPage.waitForEvent("filechooser");
  await strangerPage.getByRole("button", { name: "Import a backup" }).click();
  await (await chooser).setFiles({ name: "backup.json", mimeType: "application/json", buffer: file });
  await expect(
    strangerPage.getByRole("alert").filter({ hasText: "This backup belongs to another account." }),
  ).toBeVisible();
  await strangerContext.close();
});
