// A project's Overview tab on a phone (issue 37), where a site manager reads it on the walk
// (decision 0041): the figures of that project only, each opening the list with as many reports.
import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

test.describe.configure({ timeout: 120_000 });

test("a project's Overview shows its own figures, each a way into the list, axe clean", async ({ page, api }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Quayside Flats" });
  const other = await api.createProject(session.accessToken, { name: "Elsewhere" });
  const soon = Math.floor(Date.now() / 1000) + 2 * 86_400;
  for (const fields of [
    { priority: "high", dueDate: soon },
    { priority: "low", dueDate: soon },
    { priority: "medium", status: "resolved" },
  ] as const)
    await api.createReport(session.accessToken, { projectId: project.id, ...fields });
  await api.createReport(session.accessToken, { projectId: other.id, priority: "high", dueDate: soon });

  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}`);
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByRole("heading", { name: "Where this project stands" })).toBeVisible();
  const headline = page.getByRole("list", { name: "Headline figures" });
  const dueSoon = headline.getByRole("link", { name: /^Due within 7 days/ });
  await expect(dueSoon).toContainText("2");
  await expect(headline.getByRole("link", { name: /^Open/ })).toContainText("2");
  await expect(page.getByRole("table", { name: "Ageing of open snags" })).toBeVisible();

  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await dueSoon.click();
  await expect(page).toHaveURL(new RegExp(`projectId=${project.id}`));
  await expect(page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem")).toHaveCount(2);
});
