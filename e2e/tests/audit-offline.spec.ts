import { answer, item, sign, startAudit } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

// The real service worker, as an installed app on site would run it.
test.use({ serviceWorkers: "allow" });

test("with no network an audit opens, is answered, signed and saved, and a new one can be started", async ({
  page,
  context,
  api,
}) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Moorland Wind Farm" });
  await signInAs(page, session);
  await page.goto("/app/audits");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const id = await startAudit(page, "Moorland Wind Farm");
  await answer(page, "1.1", "Compliant");
  await page.getByRole("button", { name: "Save Audit" }).first().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/app/audits/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
  await expect(item(page, "1.1").getByRole("radio", { name: "Compliant", exact: true })).toBeChecked();
  await answer(page, "1.2", "Improvement");
  await sign(page, "Auditor signature");
  await sign(page, "Site representative signature");
  await page.getByRole("button", { name: "Save Audit" }).last().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("list", { name: "Recent Audits" })).toContainText("Completed");
  // A second audit on the same project, still offline: the project comes from the cache or from earlier audits.
  await page.getByRole("button", { name: "New Site Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "New Site Audit" });
  await dialog.getByLabel("Project").selectOption({ label: "Moorland Wind Farm" });
  await dialog.getByRole("button", { name: "Start Audit" }).click();
  await expect(page.getByText("Site audit created! Complete the checklist items.")).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("list", { name: "Recent Audits" }).getByRole("listitem")).toHaveCount(2);
  await context.setOffline(false);
});
