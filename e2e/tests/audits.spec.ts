import { answer, item, rate, sign, startAudit } from "../audit-helpers";
import { expect, signInAs, test } from "../fixtures";

// A full audit walk (27 items, photos, two signatures) is long on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

test("create, answer, watch the scores and matrix, sign twice, save as completed; counters and dashboard follow", async ({
  page,
  api,
}) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Riverside Apartments", location: "Quay Street, Bristol" });
  await signInAs(page, session);

  await page.goto("/app/audits");
  await expect(page.getByRole("heading", { name: "No audits yet" })).toBeVisible();
  await page.getByRole("button", { name: "New Site Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "New Site Audit" });
  await expect(dialog.getByLabel("Audit date")).toHaveValue(new Date().toISOString().slice(0, 10));
  await dialog.getByRole("button", { name: "Start Audit" }).click();
  await expect(dialog.getByText("Please select a project")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await startAudit(page, "Riverside Apartments", "Weekly walk-round");
  await expect(page.getByRole("heading", { level: 1, name: "Riverside Apartments" })).toBeVisible();
  await expect(page.getByLabel("Site address", { exact: true })).toHaveValue("Quay Street, Bristol");
  await expect(page.getByLabel("Audit notes")).toHaveValue("Weekly walk-round");

  const score = page.getByRole("status", { name: "Compliance score" });
  await expect(score).toHaveText("0%");
  await page.getByLabel("Fit-out").check();
  await page.getByLabel("Principal contractor", { exact: true }).fill("Severn Build Ltd");

  await answer(page, "1.1", "Compliant");
  await expect(score).toHaveText("4%"); // 1 of 27
  await answer(page, "1.2", "Compliant");
  await expect(score).toHaveText("7%");
  await expect(page.getByRole("group", { name: "Status of item 1.3" })).toBeVisible();
  await expect(page.getByText("2 of 3 answered")).toBeVisible();

  await answer(page, "3.2", "Non-compliant");
  await expect(score).toHaveText("7%"); // NC counts against
  await rate(page, "3.2", "5 – Critical", "5 – Almost certain");
  await expect(item(page, "3.2").getByRole("status")).toHaveText("Risk 25 · Very high");
  await expect(page.getByTestId("matrix-5-5")).toContainText("3.2");
  await item(page, "3.2").getByLabel("Notes for item 3.2").fill("No edge protection on level 4 slab edge");
  await item(page, "3.2").getByLabel("Action owner for item 3.2").fill("Scaffold supervisor");
  await item(page, "3.2").getByLabel("Due date for item 3.2").fill("2026-12-01");

  await answer(page, "4.1", "Improvement");
  await rate(page, "4.1", "2 – Low", "3 – Possible");
  await expect(item(page, "4.1").getByRole("status")).toHaveText("Risk 6 · Medium");
  await expect(page.getByTestId("matrix-2-3")).toContainText("4.1");
  await expect(page.getByText("2 items placed")).toBeVisible();

  await sign(page, "Auditor signature");
  await page.getByLabel("Site representative name").fill("Sam Site");
  await sign(page, "Site representative signature");
  await page.getByRole("button", { name: "Save Audit" }).last().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();
  await expect(page.getByText("Completed", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("definition").filter({ hasText: /^1$/ })).toHaveCount(2); // total and completed
  const recent = page.getByRole("list", { name: "Recent Audits" });
  await expect(recent.getByRole("link", { name: /Riverside Apartments/ })).toContainText("7%");
  await expect(recent).toContainText("Completed");

  await page.goto("/app/dashboard");
  await expect(page.getByRole("link", { name: /^Audits Run 1/ })).toBeVisible();
});

test("one signature saves as a draft; a reload mid-edit finds the unsaved changes", async ({ page, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Depot Yard" });
  await signInAs(page, session);
  await startAudit(page, "Depot Yard");

  await sign(page, "Auditor signature");
  await page.getByRole("button", { name: "Save Audit" }).first().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  await answer(page, "2.1", "Non-compliant");
  await page.getByLabel("Weather", { exact: true }).fill("Heavy rain");
  await expect(page.getByText("Unsaved changes kept on this device")).toBeVisible();
  // Reload at once: the last keystrokes must survive the page closing.
  await page.reload();
  await expect(page.getByText("Your unsaved changes from last time were restored.")).toBeVisible();
  await expect(page.getByLabel("Weather", { exact: true })).toHaveValue("Heavy rain");
  await expect(item(page, "2.1").getByRole("radio", { name: "Non-compliant", exact: true })).toBeChecked();
  await expect(page.getByRole("img", { name: "Auditor signature pad, signed" })).toBeVisible();

  await page.goto("/app/audits");
  await expect(page.getByRole("list", { name: "Recent Audits" })).toContainText("Draft");
});
