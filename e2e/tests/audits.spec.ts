import { answer, item, rate, sign, startAudit } from "../audit-helpers";
import { expect, type Session, signInAs, test } from "../fixtures";

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

test("one signature saves as a draft; a reload mid-edit finds the unsaved changes; a member reads it, its auditor deletes it offline, once", async ({
  page,
  browser,
  baseURL,
  api,
}) => {
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
  const row = page.getByRole("list", { name: "Recent Audits" }).getByRole("link", { name: /Depot Yard/ });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("Synced", { timeout: 30_000 });
  const [onServer] = (await api.call<{ audits: { id: string }[] }>("GET", "/audits", undefined, session.accessToken))
    .audits;
  const serverId = onServer?.id as string;

  // A member of the workspace who is neither its auditor nor an owner reads it, with no Delete.
  const { token } = await api.call<{ token: string }>("POST", "/invitations", {}, session.accessToken);
  const reader = await api.call<Session>("POST", `/invitations/token/${token}/register`, {
    firstName: "Rea",
    lastName: "Der",
    email: `rea.${process.pid}.${Date.now()}@example.com`,
    password: "site-walk-2026",
  });
  const other = await browser.newContext({ baseURL });
  const readerPage = await other.newPage();
  await signInAs(readerPage, reader);
  await readerPage.goto(`/app/audits/${serverId}`);
  await expect(
    readerPage.getByText("Read only: only the auditor or a workspace owner can change this audit."),
  ).toBeVisible();
  await expect(readerPage.getByRole("button", { name: "Download PDF" })).toBeVisible();
  await expect(readerPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await other.close();

  // Its auditor deletes it with no signal: gone from the device at once, from the server once online.
  const deletes: string[] = [];
  const answers: number[] = [];
  page.on("request", (r) => {
    if (r.method() === "DELETE" && r.url().includes("/api/audits/")) deletes.push(r.url());
  });
  page.on("response", (r) => {
    if (r.request().method() === "DELETE" && r.url().endsWith(`/api/audits/${serverId}`)) answers.push(r.status());
  });
  await row.click();
  await expect(page.getByRole("button", { name: "Delete" })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete audit?" });
  await expect(confirm).toContainText(/Delete the site audit "Depot Yard, [A-Z][a-z]{2} \d{1,2}, \d{4}"/);
  await confirm.getByRole("button", { name: "Delete Audit" }).click();
  await expect(page.getByText("Audit deleted. Your workspace's copy goes when you are back online.")).toBeVisible();
  await expect(page).toHaveURL(/\/app\/audits$/);
  await expect(page.getByRole("link", { name: /Depot Yard/ })).toHaveCount(0);
  expect(deletes).toEqual([]);
  const gone = () =>
    api.call("GET", `/audits/${serverId}`, undefined, session.accessToken).then(
      () => 200,
      (error: Error) => Number(/→ (\d+)/.exec(error.message)?.[1]),
    );
  expect(await gone()).toBe(200);

  await page.context().setOffline(false);
  // The page receives the server's 204 (waited for here: a reload before it arrives would leave
  // nothing to observe, though the server applied it), and the audit is gone from the server.
  await expect.poll(() => answers.filter((status) => status === 204).length, { timeout: 30_000 }).toBe(1);
  expect(await gone()).toBe(404);
  await page.reload();
  await expect(page.getByRole("heading", { name: "No audits yet" })).toBeVisible();
  // Applied once: one 204; a replay (had the device not noted the answer) finds it gone (404).
  expect(answers.filter((status) => status === 204)).toHaveLength(1);
  expect(answers.slice(1).every((status) => status === 404)).toBe(true);
  expect(deletes.every((url) => url.endsWith(`/api/audits/${serverId}`))).toBe(true);
  expect(deletes.length).toBeLessThanOrEqual(2);
});
