import { readFileSync } from "node:fs";
import { answer, item, sign, solidPng, startAudit } from "../audit-helpers";
import { expect, type Session, signInAs, test } from "../fixtures";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

test("export all audits and import them into a fresh browser, photos and signatures included; a second import skips duplicates", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Harbour Bridge Refurb" });
  await signInAs(page, session);
  await startAudit(page, "Harbour Bridge Refurb");
  await answer(page, "5.1", "Non-compliant");
  await item(page, "5.1")
    .getByLabel("Add from gallery for item 5.1")
    .setInputFiles({ name: "trench.png", mimeType: "image/png", buffer: solidPng(2400, 1200, [200, 40, 40]) });
  await expect(item(page, "5.1").getByRole("img", { name: "item 5.1, 1 of 1" })).toBeVisible();
  await sign(page, "Auditor signature");
  await page.getByRole("button", { name: "Save Audit" }).first().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();

  // The stored photo was shrunk to 1600 px on its long edge and re-encoded as JPEG.
  const stored = await page.evaluate(
    () =>
      new Promise<{ type: string; width: number; height: number }>((resolve) => {
        const open = indexedDB.open("sitesnag-audits");
        open.onsuccess = () => {
          const all = open.result.transaction("photos").objectStore("photos").getAll();
          all.onsuccess = async () => {
            const blob = all.result[0].blob as Blob;
            const bitmap = await createImageBitmap(blob);
            resolve({ type: blob.type, width: bitmap.width, height: bitmap.height });
          };
        };
      }),
  );
  expect(stored).toEqual({ type: "image/jpeg", width: 1600, height: 800 });

  // One audit from its own page.
  const single = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export file" }).click();
  const one = await single;
  expect(one.suggestedFilename()).toMatch(/^sitesnag-audit-harbour-bridge-refurb-\d{4}-\d{2}-\d{2}\.json$/);
  const oneBackup = JSON.parse(readFileSync(await one.path(), "utf8"));
  expect(oneBackup.audits.map((a: { summary: { projectName: string } }) => a.summary.projectName)).toEqual([
    "Harbour Bridge Refurb",
  ]);

  await page.getByRole("link", { name: "Back" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all audits" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sitesnag-audits-\d{4}-\d{2}-\d{2}\.json$/);
  const file = readFileSync(await download.path());
  await expect(page.getByText("Exported 1 audit.")).toBeVisible();

  // Another browser (fresh storage), another member of the workspace: the file's audit joins the
  // workspace's (already there, uploaded by the first browser) and is not duplicated.
  const other = await browser.newContext({ baseURL });
  const fresh = await other.newPage();
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, session.accessToken);
  const member = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Mo",
    lastName: "Member",
    email: `mo.${process.pid}.${Date.now()}@example.com`,
    password: "site-walk-2026",
  });
  await signInAs(fresh, member);
  await fresh.goto("/app/audits");
  const input = fresh.getByLabel("Import audits from a backup file");
  await input.setInputFiles({ name: "backup.json", mimeType: "application/json", buffer: file });
  await expect(fresh.getByText("Imported 1 audit.")).toBeVisible();
  const link = fresh.getByRole("list", { name: "Recent Audits" }).getByRole("link", { name: /Harbour Bridge Refurb/ });
  await expect(link).toContainText("Draft");
  await expect(link).toContainText("Synced");
  await expect(fresh.getByRole("list", { name: "Recent Audits" }).getByRole("listitem")).toHaveCount(1);
  const { audits } = await api.call<{ audits: unknown[] }>("GET", "/audits", undefined, member.accessToken);
  expect(audits).toHaveLength(1);
  await link.click();
  await expect(item(fresh, "5.1").getByRole("radio", { name: "Non-compliant", exact: true })).toBeChecked();
  await expect(item(fresh, "5.1").getByRole("img", { name: "item 5.1, 1 of 1" })).toBeVisible();
  await expect(fresh.getByRole("img", { name: "Auditor signature pad, signed" })).toBeVisible();

  await fresh.goto("/app/audits");
  await input.setInputFiles({ name: "backup.json", mimeType: "application/json", buffer: file });
  await expect(fresh.getByText("Nothing imported: that audit is already on this device.")).toBeVisible();
  await expect(fresh.getByRole("list", { name: "Recent Audits" }).getByRole("listitem")).toHaveCount(1);
  await other.close();
});

test("a foreign or damaged file is refused with a clear message and changes nothing", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/audits");
  const input = page.getByLabel("Import audits from a backup file");
  await input.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: solidPng(4, 4, [0, 0, 0]) });
  await expect(page.getByText("This file is not a SiteSnag audit backup.")).toBeVisible();
  await input.setInputFiles({
    name: "cut.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"format":"sitesnag-audit-backup","version":1,"exportedAt":1,"audits":[{"summ'),
  });
  await expect(page.getByText("This audit backup is damaged and cannot be read. Nothing was imported.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No audits yet" })).toBeVisible();
});
