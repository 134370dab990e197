// The workspace overview on the dashboard (issue 37), on a desktop, where the people who run a job
// read it (decision 0041): each headline figure and a trade's figure open the report list with
// their filter, and the list then shows exactly that many reports; the chart's numbers are
// reachable by keyboard; axe finds nothing.
import type { Page } from "@playwright/test";
import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

test.describe.configure({ timeout: 120_000 });

const rows = (page: Page) => page.getByRole("list", { name: "Snagging reports" }).getByRole("listitem");
const headline = (page: Page) => page.getByRole("list", { name: "Headline figures" });

test("the dashboard's figures open the list with as many reports, the charts read by keyboard, axe clean", async ({
  page,
  api,
}) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Harbour Works" });
  const soon = Math.floor(Date.now() / 1000) + 3 * 86_400;
  const past = Math.floor(Date.now() / 1000) - 2 * 86_400;
  const report = (fields: Partial<Parameters<typeof api.createReport>[1]>) =>
    api.createReport(session.accessToken, { projectId: project.id, priority: "medium", ...fields });
  await report({ priority: "critical", category: "electrical", dueDate: soon });
  await report({ priority: "high", category: "electrical", dueDate: past });
  await report({ priority: "low", category: "plumbing", status: "in-progress" });
  await report({ category: "finish", status: "resolved" });
  await report({ category: "finish", status: "closed" });

  await signInAs(page, session);
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { name: "Where the job stands" })).toBeVisible();

  for (const [name, count] of [
    ["Open", 3],
    ["Overdue", 1],
    ["Due within 7 days", 1],
    ["Awaiting verification", 1],
  ] as const) {
    const figure = headline(page).getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(figure).toContainText(String(count));
    await figure.click();
    await expect(page).toHaveURL(/\/app\/snagging\?/);
    await expect(rows(page)).toHaveCount(count);
    await page.goBack();
    await expect(headline(page)).toBeVisible();
  }

  // By trade: Electrical has two open; its figure lists those two.
  const byTrade = page.getByRole("table", { name: "By trade" });
  await byTrade.getByRole("link", { name: "Open snags, Electrical: 2" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Remove filter: Open and in progress" })).toBeVisible();
  await page.goBack();

  // Ageing: all three are days old, one of each priority among them.
  const ageing = page.getByRole("table", { name: "Ageing of open snags" });
  await ageing.getByRole("link", { name: "Critical snags open 0–7 days: 1" }).click();
  await expect(rows(page)).toHaveCount(1);
  await page.goBack();

  // The weekly chart's numbers: a disclosure reached and opened from the keyboard.
  const summary = page.getByText("Show the numbers");
  await summary.focus();
  await expect(summary).toBeFocused();
  await page.keyboard.press("Enter");
  const weekly = page.getByRole("table", { name: "Opened and closed per week" });
  await expect(weekly).toBeVisible();
  await expect(weekly.getByRole("row")).toHaveCount(13);
  await expect(page.getByRole("img", { name: /Snags opened and closed in each of the last 12 weeks/ })).toBeVisible();

  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // This week's numbers open the list of the reports they count: the five made this week…
  await weekly.getByRole("link", { name: /^Snags opened in the week of .+: 5$/ }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByRole("button", { name: /^Remove filter: Opened in the week of / })).toBeVisible();
  await page.goBack();
  // …and the two resolved this week and still resolved or closed.
  await page.getByText("Show the numbers").click();
  await weekly.getByRole("link", { name: /^Snags closed in the week of .+: 2$/ }).click();
  await expect(page.getByRole("button", { name: /^Remove filter: Closed in the week of / })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
});

test("a workspace without reports says what to do", async ({ page, api }) => {
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { name: "No snags yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Record a snag" })).toHaveAttribute("href", "/app/snagging/new");
});

// On a phone the overview sits below the fold: it is not drawn (nor read) during the first load,
// which it held for over half a second on a slow phone (issue 33), and comes as the person scrolls.
test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the overview loads as the person scrolls to it, with the workspace's figures", async ({ page, api }) => {
    const session = await api.signUp();
    const project = await api.createProject(session.accessToken, { name: "Quay Street" });
    await api.createReport(session.accessToken, { projectId: project.id, priority: "high" });
    const overviewReads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/analytics/overview")) overviewReads.push(request.url());
    });
    await signInAs(page, session);
    await page.goto("/app/dashboard");
    await expect(page.getByRole("heading", { name: "Quick actions" })).toBeInViewport();
    // The search button comes at the page's load event, well after the first render asked for
    // everything the screen draws at once.
    await expect(page.getByRole("banner").getByRole("button", { name: "Search" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Where the job stands" })).toHaveCount(0);
    expect(overviewReads).toEqual([]);

    await page.mouse.wheel(0, 700);
    await expect(page.getByRole("heading", { name: "Where the job stands" })).toBeVisible();
    await expect(headline(page).getByRole("link", { name: /^Open/ })).toContainText("1");
    expect(overviewReads.length).toBeGreaterThan(0);
  });
});
