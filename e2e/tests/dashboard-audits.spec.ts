// The dashboard's Audits Run is the workspace's (issue 33): a teammate's audit made through the
// API counts, an audit this device made and uploaded counts once, and with no network the last
// known figure shows, plus an audit started here offline; once back online it is still counted
// once. Phone and desktop.
import type { Page } from "@playwright/test";
import { startAudit, teamOfTwo } from "../audit-helpers";
import { expect, isMobile, signInAs, test } from "../fixtures";

const auditsRun = (page: Page) => page.getByRole("link", { name: /^Audits Run/ });

/** To the dashboard through the app's own menu: offline, the page cannot be loaded again. */
async function openDashboard(page: Page) {
  if (isMobile(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .locator("visible=true")
    .getByRole("link", { name: "Dashboard" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

test("Audits Run counts the workspace's audits, a teammate's too, each once, and offline the last figure plus this device's", async ({
  page,
  context,
  api,
}) => {
  const { owner, member } = await teamOfTwo(api);
  const project = await api.createProject(owner.accessToken, { name: "Quayside Depot" });
  for (const token of [member.accessToken, member.accessToken, owner.accessToken])
    await api.call("POST", "/audits", { projectId: project.id, auditDate: "2026-11-20" }, token);

  await signInAs(page, owner);
  await page.goto("/app/dashboard");
  await expect(auditsRun(page)).toContainText("3");

  // Started on this device and uploaded: one audit more, not two.
  await startAudit(page, "Quayside Depot");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("list", { name: "Recent Audits" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("list", { name: "Recent Audits" })).toContainText("Synced");
  await openDashboard(page);
  await expect(auditsRun(page)).toContainText("4");
  await page.reload();
  await expect(auditsRun(page)).toContainText("4");

  // A teammate's audit while this device is offline is not known here; one started here offline is.
  // Within the app, so the figure read is the one in memory (not a reload racing the copy kept on disk).
  await page.getByRole("link", { name: "Run Audit" }).click();
  await expect(page.getByRole("list", { name: "Recent Audits" }).getByRole("listitem")).toHaveCount(4);
  await context.setOffline(true);
  await api.call("POST", "/audits", { projectId: project.id, auditDate: "2026-11-21" }, member.accessToken);
  await page.getByRole("button", { name: "New Site Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "New Site Audit" });
  await dialog.getByLabel("Project").selectOption({ label: "Quayside Depot" });
  await dialog.getByRole("button", { name: "Start Audit" }).click();
  await expect(page.getByText("Site audit created! Complete the checklist items.")).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("list", { name: "Recent Audits" })).toContainText("On this device only");
  await openDashboard(page);
  await expect(auditsRun(page)).toContainText("5");

  // Back online: the device's audit is uploaded and the teammate's counted, each once.
  await context.setOffline(false);
  await expect(auditsRun(page)).toContainText("6");
  await page.reload();
  await expect(auditsRun(page)).toContainText("6");
});
