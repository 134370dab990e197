// One search box (issue 39): "where is that crack in flat 3.04?" — found from the header on phone
// and desktop by the report's location and opened; the keyboard alone (`/`, arrows, Enter, Ctrl-K,
// recent searches); and offline, what the screens already fetched, said so.
import type { Page } from "@playwright/test";
import {
  type ApiHelper,
  expect,
  onOneViewport,
  type ReportFields,
  type Session,
  settled,
  signInAs,
  test,
  watchNetwork,
} from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

async function seedWorkspace(api: ApiHelper) {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Quayside Lofts", clientName: "Harbour Trust" });
  const { location } = await api.call<{ location: { id: string } }>(
    "POST",
    `/projects/${project.id}/locations`,
    { name: "Flat 3.04" },
    session.accessToken,
  );
  const crack = await api.createReport(session.accessToken, {
    projectId: project.id,
    priority: "high",
    description: "Hairline crack above the door frame",
    locationId: location.id,
  } as ReportFields);
  await api.createReport(session.accessToken, {
    projectId: project.id,
    priority: "low",
    description: "Quayside gate sticks",
  });
  // Another workspace's report at a flat of the same name is never offered.
  const stranger = await api.signUp();
  const theirs = await api.createProject(stranger.accessToken, { name: "Elsewhere" });
  const { location: theirPlace } = await api.call<{ location: { id: string } }>(
    "POST",
    `/projects/${theirs.id}/locations`,
    { name: "Flat 3.04" },
    stranger.accessToken,
  );
  await api.createReport(stranger.accessToken, {
    projectId: theirs.id,
    priority: "low",
    description: "Not yours",
    locationId: theirPlace.id,
  } as ReportFields);
  return { session, project, crack };
}

async function openApp(page: Page, session: Session) {
  await watchNetwork(page);
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await settled(page);
}

const searchDialog = (page: Page) => page.getByRole("dialog", { name: "Search" });
const searchInput = (page: Page) => page.getByRole("combobox", { name: "Search everything" });

test("finds a report by its location from the header's search box and opens it", async ({ page, api }) => {
  const { session, crack } = await seedWorkspace(api);
  await openApp(page, session);

  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await expect(searchDialog(page)).toBeVisible();
  await expect(searchInput(page)).toBeFocused();
  await searchInput(page).fill("flat 3.04");

  const reports = page.getByRole("group", { name: "Reports" });
  const option = reports.getByRole("option", { name: new RegExp(crack.title) });
  await expect(option).toBeVisible();
  await expect(option).toContainText("Hairline crack above the door frame · Flat 3.04");
  await expect(searchDialog(page).getByRole("option")).toHaveCount(1);
  await expect(page.getByText("Not yours")).toHaveCount(0);

  await option.click();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${crack.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: crack.title })).toBeVisible();
  await expect(searchDialog(page)).toBeHidden();
});

test("the keyboard alone: / to search, arrows to choose, Enter to open, Ctrl-K and recent searches", async ({
  page,
  api,
}) => {
  onOneViewport("desktop");
  const { session, project } = await seedWorkspace(api);
  await openApp(page, session);
  await expect(page.getByRole("banner").getByRole("button", { name: "Search" })).toBeVisible();

  await page.keyboard.press("/");
  await expect(searchInput(page)).toBeFocused();
  await page.keyboard.type("quayside");
  const options = searchDialog(page).getByRole("option");
  await expect(options).toHaveCount(2);
  // Grouped by kind with headings: the project (its name) above the report (its description).
  await expect(page.getByRole("group", { name: "Projects" }).getByRole("option")).toHaveText(/Quayside Lofts/);
  await expect(page.getByRole("group", { name: "Reports" }).getByRole("option")).toContainText("Quayside gate sticks");

  // The open dialog with its grouped results passes WCAG 2.1 AA.
  const scan = await axe(page).include("dialog").withTags(WCAG_21_AA).analyze();
  expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.keyboard.press("ArrowDown");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  const first = await options.nth(0).getAttribute("id");
  await expect(searchInput(page)).toHaveAttribute("aria-activedescendant", first ?? "");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/projects/${project.id}$`));
  await expect(searchDialog(page)).toBeHidden();

  // Ctrl-K opens it again: the box is empty and offers the search just made.
  await page.keyboard.press("Control+k");
  await expect(searchInput(page)).toBeFocused();
  const recent = page.getByRole("group", { name: "Recent searches" });
  await expect(recent.getByRole("option")).toHaveText(["quayside"]);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(searchInput(page)).toHaveValue("quayside");
  await expect(options).toHaveCount(2);
  await page.keyboard.press("Escape");
  await expect(searchDialog(page)).toBeHidden();
});

test("offline it searches the lists already fetched, and says so", async ({ page, context, api }) => {
  onOneViewport("mobile");
  const { session, crack } = await seedWorkspace(api);
  await watchNetwork(page);
  await signInAs(page, session);
  await page.goto("/app/snagging");
  await expect(page.getByText("Hairline crack above the door frame")).toBeVisible();
  await settled(page);

  await context.setOffline(true);
  await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
  await searchInput(page).fill("hairline");
  await expect(page.getByText("Offline — showing saved results")).toBeVisible();
  const option = page.getByRole("group", { name: "Reports" }).getByRole("option", { name: new RegExp(crack.title) });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/${crack.id}$`));
});
