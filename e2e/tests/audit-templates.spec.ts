// Custom audit templates and trends (issue 25, decision 0028): an owner builds a template in the
// editor and runs an audit with it (Yes/No and a number with limits); the audits page's trends show
// completed audits' scores as a chart and a table, frequent non-compliances and open actions.
// axe scans the editor and the trends.
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";

test.describe.configure({ timeout: 90_000 });

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an owner builds a template in the editor and runs an audit with it", async ({ page, api }) => {
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Harbour Works" });
  await signInAs(page, session);

  await page.goto("/app/audits");
  await page.getByRole("link", { name: "Templates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit templates" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Templates" })).toContainText("UK site safety (standard)");
  await page.getByRole("link", { name: "New template" }).click();

  await page.getByLabel("Template name").fill("Scaffold weekly");
  await page.getByLabel("Section 1 title").fill("Scaffold");
  await page.getByLabel("Question 1.1", { exact: true }).fill("Scaffold tag current?");
  await page.getByLabel("Answer set of question 1.1").selectOption({ label: "Yes / No / N/A" });
  await page.getByRole("button", { name: "Add question to section 1" }).click();
  await page.getByLabel("Question 1.2", { exact: true }).fill("Guard rail height");
  await page.getByLabel("Answer set of question 1.2").selectOption({ label: "Number with unit" });
  await page.getByLabel("Unit of question 1.2").fill("mm");
  await page.getByLabel("Lowest compliant value of question 1.2 (optional)").fill("950");
  // Reordering by keyboard: move 1.2 up and back down.
  await page.getByRole("button", { name: "Move question 1.2 up" }).press("Enter");
  await expect(page.getByLabel("Question 1.1", { exact: true })).toHaveValue("Guard rail height");
  await page.getByRole("button", { name: "Move question 1.2 up" }).press("Enter");
  await expect(page.getByLabel("Question 1.1", { exact: true })).toHaveValue("Scaffold tag current?");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByText("Template created")).toBeVisible();
  await expect(page.getByRole("list", { name: "Templates" })).toContainText("Scaffold weekly");

  await page.goto("/app/audits");
  await page.getByRole("button", { name: "New Site Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "New Site Audit" });
  await dialog.getByLabel("Project").selectOption({ label: "Harbour Works" });
  await dialog.getByLabel("Template").selectOption({ label: "Scaffold weekly" });
  await dialog.getByRole("button", { name: "Start Audit" }).click();
  await expect(page.getByText("Site audit created! Complete the checklist items.")).toBeVisible();

  await expect(page.getByText("Scaffold tag current?")).toBeVisible();
  const score = page.getByRole("status", { name: "Compliance score" });
  await expect(score).toHaveText("0%");
  const tag = page.getByRole("group", { name: "Answer to item 1.1" });
  await tag.getByText("No", { exact: true }).click();
  await expect(tag.getByRole("radio", { name: "No", exact: true })).toBeChecked();
  const height = page.getByLabel("Answer to item 1.2 (mm)");
  await height.fill("900");
  const heightCard = page.getByRole("listitem").filter({ has: height });
  await expect(heightCard.getByText("Non-compliant", { exact: true })).toBeVisible();
  await height.fill("1000");
  await expect(heightCard.getByText("Compliant", { exact: true })).toBeVisible();
  await expect(score).toHaveText("50%");

  // Saved, it reaches the workspace's audits made from the custom template, its answers with it.
  await page.getByRole("button", { name: "Save Audit" }).last().click();
  await expect(page.getByText("Audit saved successfully!")).toBeVisible();
  await expect(page.getByRole("status", { name: "Sync status" })).toHaveText("Synced", { timeout: 30_000 });
  type Listed = { audits: { id: string }[] };
  type Read = { audit: { template?: { name: string }; items: { question: string; status: string; value?: string }[] } };
  const { audits } = await api.call<Listed>("GET", "/audits", undefined, session.accessToken);
  expect(audits).toHaveLength(1);
  const { audit } = await api.call<Read>("GET", `/audits/${audits[0]?.id}`, undefined, session.accessToken);
  expect(audit.template?.name).toBe("Scaffold weekly");
  expect(audit.items.map((i) => [i.question, i.status, i.value ?? ""])).toEqual([
    ["Scaffold tag current?", "NC", ""],
    ["Guard rail height", "C", "1000"],
  ]);
});

test("trends show compliance per project as a chart and a table, frequent non-compliances and open actions", async ({
  page,
  api,
}) => {
  const session = await api.signUp();
  const token = session.accessToken;
  const project = await api.createProject(token, { name: "Canal Side" });
  const signature = `data:image/png;base64,${makePng([20, 20, 20]).toString("base64")}`;
  const due = Math.floor(Date.UTC(2030, 0, 15) / 1000);
  for (const [day, answers] of [
    ["2026-09-01", [{ itemId: "height-1", status: "NC", actionOwner: "Scaffold supervisor", dueDate: due }]],
    [
      "2026-10-01",
      [{ itemId: "height-1", status: "NC" }, ...["cdm-1", "cdm-2", "cdm-3"].map((itemId) => ({ itemId, status: "C" }))],
    ],
  ] as const) {
    const { audit } = await api.call<{ audit: { id: string } }>(
      "POST",
      "/audits",
      { projectId: project.id, auditDate: day },
      token,
    );
    await api.call(
      "PATCH",
      `/audits/${audit.id}`,
      {
        answers,
        auditorSignature: signature,
        siteRepName: "Rita Rep",
        siteRepSignature: signature,
        status: "completed",
      },
      token,
    );
  }
  await signInAs(page, session);
  await page.goto("/app/audits");
  await page.getByRole("button", { name: "Show trends" }).click();
  await expect(page.getByRole("button", { name: "Hide trends" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("img", { name: "Compliance score over time per project" })).toBeVisible();
  const table = page.getByRole("table", { name: "Compliance score of each completed audit" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).toContainText("Canal Side");
  await expect(table).toContainText("11%"); // 3 of 27
  const frequent = page.getByRole("list", { name: "Most frequent non-compliant items" });
  await expect(frequent.getByRole("listitem").first()).toContainText("Scaffolds inspected by a competent person");
  await expect(frequent.getByRole("listitem").first()).toContainText("2");
  const actions = page.getByRole("table", { name: /Non-compliant items with an owner/ });
  await expect(actions).toContainText("Scaffold supervisor");
  await expectAccessible(page);
});
