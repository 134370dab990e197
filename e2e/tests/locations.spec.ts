// Issue 36 in the app: the office lays out a building from a pasted list and filters the reports by
// a floor (desktop); the site team scans a room's QR link and captures snags there (phone).
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { type ApiHelper, expect, onOneViewport, type ReportFields, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

type Location = { id: string; path: string };

const LIST = [
  "Block B > Level 3 > Flat 3.04;B-3-04",
  "Block B > Level 3 > Flat 3.04 > Kitchen",
  "Block B > Level 3 > Flat 3.05",
  "Block B > Level 4",
];

async function treeOf(api: ApiHelper, token: string, projectId: string): Promise<Record<string, Location>> {
  const { locations } = await api.call<{ locations: Location[] }>(
    "GET",
    `/projects/${projectId}/locations`,
    undefined,
    token,
  );
  return Object.fromEntries(locations.map((l) => [l.path, l]));
}

const reportAt = (api: ApiHelper, token: string, projectId: string, locationId: string) =>
  api.createReport(token, { projectId, priority: "medium", locationId } as ReportFields);

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function openLocations(page: Page, projectId: string) {
  await page.goto(`/app/projects/${projectId}?tab=locations`);
  await expect(page.getByRole("tab", { name: "Locations" })).toHaveAttribute("aria-selected", "true");
}

test("the office pastes a building, sees the tree and filters the reports by a floor", async ({ page, api }) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Canal Wharf" });
  await signInAs(page, session);
  await openLocations(page, project.id);
  await expect(page.getByText("No locations yet")).toBeVisible();

  await page.getByRole("button", { name: "Bulk entry" }).click();
  const dialog = page.getByRole("dialog", { name: "Bulk entry" });
  const field = dialog.getByLabel("Locations, one a line");
  // A bad line is named by its number, with the server's sentence, and nothing can be imported.
  await field.fill("Block B > Level 3\nBlock B >  > Flat 9");
  await expect(dialog.getByRole("alert")).toContainText("Line 2: a level of the path is empty");
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await field.fill(LIST.join("\n"));
  await expect(dialog.getByText("4 lines to import")).toBeVisible();
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("6 locations created, 0 already there")).toBeVisible();
  await expect(dialog).toBeHidden();

  const tree = page.getByRole("list", { name: "Location tree" });
  await expect(tree.getByText("Block B", { exact: true })).toBeVisible();
  await expect(tree.getByText("Level 3", { exact: true })).toBeVisible();
  await tree.getByRole("button", { name: "Show what is inside Level 3" }).click();
  await expect(tree.getByText("B-3-04")).toBeVisible();
  await expectAccessible(page);

  const paths = await treeOf(api, session.accessToken, project.id);
  const kitchen = paths["Block B > Level 3 > Flat 3.04 > Kitchen"];
  const flat305 = paths["Block B > Level 3 > Flat 3.05"];
  const level4 = paths["Block B > Level 4"];
  if (!kitchen || !flat305 || !level4) throw new Error(`tree not as imported: ${Object.keys(paths).join(", ")}`);
  const onLevel3 = [
    await reportAt(api, session.accessToken, project.id, kitchen.id),
    await reportAt(api, session.accessToken, project.id, flat305.id),
  ];
  const onLevel4 = await reportAt(api, session.accessToken, project.id, level4.id);

  // The counts include everything under a location.
  await page.reload();
  await expect(tree.getByText("2 open of 2")).toBeVisible();

  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await page.getByLabel("Project", { exact: true }).selectOption({ label: "Canal Wharf" });
  await page.getByLabel("Location", { exact: true }).selectOption({ label: "Block B > Level 3" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  for (const r of onLevel3) await expect(list.getByText(r.title)).toBeVisible();
  await expect(list.getByText(onLevel4.title)).toBeHidden();
  await expect(list.getByText("Canal Wharf · Block B > Level 3 > Flat 3.04 > Kitchen")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`locationId=${paths["Block B > Level 3"]?.id}`));
});

test("QR labels of a branch: a PDF with the paths of its locations", async ({ page, api }) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Labels House" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  await signInAs(page, session);
  await openLocations(page, project.id);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Print QR labels for Level 3" }).click();
  const file = await (await download).path();
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  expect(text).toContain("Flat 3.04");
  expect(text).toContain("B-3-04");
  expect(text).toContain("Flat 3.05");
  expect(text).not.toContain("Level 4");
});

test("a room's QR link: sign in, then three snags in that room with Save and add next", async ({ page, api }) => {
  onOneViewport("mobile");
  test.setTimeout(90_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Harbour Flats" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  const kitchen = (await treeOf(api, session.accessToken, project.id))["Block B > Level 3 > Flat 3.04 > Kitchen"];
  if (!kitchen) throw new Error("no kitchen");

  // Signed out, the label's link asks for sign-in first, then opens the form in the room.
  await page.goto(`/l/${kitchen.id}`);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(session.user.email);
  await page.getByLabel("Password").fill(session.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Snagging Report" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/snagging/new\\?projectId=${project.id}&locationId=${kitchen.id}`));
  const room = page.getByRole("combobox", { name: "Room or area" });
  await expect(room).toHaveValue(kitchen.path);
  // The combobox: typing searches the tree (accents and case ignored), arrows and Enter choose.
  await room.fill("flat 3.05");
  await expect(page.getByRole("listbox", { name: "Room or area" }).getByRole("option")).toHaveText([
    "Block B > Level 3 > Flat 3.05",
  ]);
  await expectAccessible(page);
  await room.fill("kitchen");
  await room.press("ArrowDown");
  await room.press("Enter");
  await expect(room).toHaveValue(kitchen.path);

  await page.getByRole("radio", { name: "Medium" }).check();
  const titles: string[] = [];
  for (const n of [1, 2, 3]) {
    titles.push(await page.getByLabel("Reference number").inputValue());
    await choosePhotos(page, "Take photo", [
      jpegFile(`snag-${n}.jpg`, await makeJpeg(page, { width: 800, height: 600, hue: 50 * n })),
    ]);
    await describePhoto(page, 1, "By the sink", `Snag ${n}`);
    await page.getByRole("button", { name: "Save and add next" }).click();
    await expect(page.getByRole("status").filter({ hasText: titles[n - 1] ?? "" })).toBeVisible();
    await expect(room).toHaveValue(kitchen.path);
  }
  const reports = await listReports(new URL(page.url()).origin, session.accessToken);
  expect(reports.map((r) => r.title).sort()).toEqual([...titles].sort());
  for (const r of reports) expect(r).toMatchObject({ locationId: kitchen.id, locationPath: kitchen.path });

  // Someone outside the workspace (here: an unknown id) learns nothing: the plain not-found page.
  await page.goto(`/l/${crypto.randomUUID()}`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
