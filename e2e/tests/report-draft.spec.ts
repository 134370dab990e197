// Issue 33: what a person enters on New Report is kept on the phone as they go (decision 0054), so
// a reload, online or offline, brings it back; a successful save or Discard removes it.
import { expect, onOneViewport, signInAs, test } from "../fixtures";
import { expectPersisted, installServiceWorker } from "../support/offline";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

test.use({ serviceWorkers: "allow" });

test("New Report's draft comes back after a reload, also offline, until it is saved or discarded", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  onOneViewport("mobile");
  test.setTimeout(90_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Block D" });
  await signInAs(page, session);
  await page.goto("/app/snagging/new");
  await installServiceWorker(page);
  // Drafts of this user, read from IndexedDB as the app keeps them.
  const draftsKept = () =>
    page.evaluate(
      (userId) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open(`sitesnag-drafts-${userId}`);
          open.onerror = () => resolve(-1);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains("forms")) return resolve(0);
            const count = db.transaction("forms").objectStore("forms").count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
      session.user.id,
    );

  await page.getByLabel("Project").selectOption({ label: "Block D" });
  await page.getByRole("radio", { name: "High" }).check();
  await choosePhotos(page, "Take photo", [jpegFile("lintel.jpg", await makeJpeg(page, { width: 800, height: 600 }))]);
  await describePhoto(page, 1, "Plot 4 lintel", "Crack over the window");
  const reference = await page.getByLabel("Reference number").inputValue();
  await expect(page.getByText("Draft saved on this device")).toBeVisible();
  // The form's lists, so it can open with no signal.
  await expectPersisted(page, ["projects"], ["users", { scope: "workspace" }]);

  const restored = page.getByRole("status").filter({ hasText: "Draft restored" });
  const expectDraft = async () => {
    await expect(restored).toBeVisible();
    await expect(page.getByLabel("Reference number")).toHaveValue(reference);
    await expect(page.getByLabel("Project")).toHaveValue(project.id);
    await expect(page.getByRole("radio", { name: "High" })).toBeChecked();
    await expect(page.getByLabel("Photo 1 location")).toHaveValue("Plot 4 lintel");
    await expect(page.getByLabel("Photo 1 description")).toHaveValue("Crack over the window");
    await expect(page.getByRole("listitem", { name: "Photo 1" }).getByText(/\d+ KB/)).toBeVisible();
  };
  await page.reload();
  await expectDraft();
  await context.setOffline(true);
  await page.reload();
  await expectDraft();

  await context.setOffline(false);
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report created successfully")).toBeVisible();
  const reports = await listReports(baseURL as string, session.accessToken);
  expect(reports.map((r) => r.title)).toEqual([reference]);
  expect(reports[0]?.description).toContain("Crack over the window");
  expect(reports[0]?.attachments).toHaveLength(1);
  await expect.poll(draftsKept).toBe(0);

  // A new draft, discarded after a reload: the form is back to a fresh one and nothing is kept.
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await page.getByRole("radio", { name: "Low" }).check();
  await expect(page.getByText("Draft saved on this device")).toBeVisible();
  await page.reload();
  await expect(restored).toBeVisible();
  await expect(page.getByRole("radio", { name: "Low" })).toBeChecked();
  await restored.getByRole("button", { name: "Discard" }).click();
  await expect(restored).toBeHidden();
  await expect(page.getByRole("radio", { name: "Low" })).not.toBeChecked();
  await expect.poll(draftsKept).toBe(0);
});
