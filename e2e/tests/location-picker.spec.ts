// Issue 36, the report form's location picker: a room nobody entered yet is added from the picker
// (online at once; offline with the report, exactly once on reconnect, on a phone), a pin on a
// plan proposes the location that carries that plan; and the Locations tab's row menu on a phone.
import type { Page } from "@playwright/test";
import { type ApiHelper, expect, onOneViewport, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { readySheet } from "../support/sheets";
import { choosePhotos, describePhoto, jpegFile, listReports } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

type Location = { id: string; path: string; parentId: string | null; sheetId: string | null };

const LIST = ["Block B > Level 3 > Flat 3.04", "Block B > Level 3 > Flat 3.05", "Block B > Level 4"];

async function treeOf(api: ApiHelper, token: string, projectId: string): Promise<Location[]> {
  return (await api.call<{ locations: Location[] }>("GET", `/projects/${projectId}/locations`, undefined, token))
    .locations;
}

async function byPath(api: ApiHelper, token: string, projectId: string, path: string): Promise<Location> {
  const found = (await treeOf(api, token, projectId)).find((l) => l.path === path);
  if (!found) throw new Error(`no location ${path}`);
  return found;
}

async function expectAccessible(page: Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function fillSnag(page: Page, text: string) {
  await page.getByRole("radio", { name: "Medium" }).check();
  await choosePhotos(page, "Choose photos", [jpegFile("snag.jpg", await makeJpeg(page, { width: 640, height: 480 }))]);
  await describePhoto(page, 1, "By the door", text);
}

test("online: a room typed into the picker is added inside the chosen flat and the snag is filed there", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Mill Yard" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  const flat = await byPath(api, session.accessToken, project.id, "Block B > Level 3 > Flat 3.04");
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}&locationId=${flat.id}`);
  const room = page.getByRole("combobox", { name: "Room or area" });
  await expect(room).toHaveValue(flat.path);

  // An existing name is found, not offered again; a new one is offered inside the flat or at the top.
  await room.fill("flat 3.05");
  const options = page.getByRole("listbox", { name: "Room or area" }).getByRole("option");
  await expect(options.first()).toHaveText("Block B > Level 3 > Flat 3.05");
  await expect(options.filter({ hasText: "Add “flat 3.05” as a new location" })).toHaveCount(0);
  await room.fill("Store");
  await expect(options).toHaveText([
    "Add “Store” inside Block B > Level 3 > Flat 3.04",
    "Add “Store” as a new location",
  ]);
  await expectAccessible(page);
  await room.press("Enter"); // the first, highlighted
  await expect(room).toHaveValue("Block B > Level 3 > Flat 3.04 > Store");
  const store = await byPath(api, session.accessToken, project.id, "Block B > Level 3 > Flat 3.04 > Store");
  expect(store.parentId).toBe(flat.id);

  await fillSnag(page, "Shelf loose");
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^SNAG-/ })).toBeVisible();
  const [report, ...others] = await listReports(baseURL as string, session.accessToken);
  expect(others).toEqual([]);
  expect(report).toMatchObject({ locationId: store.id, locationPath: store.path });
  expect((await treeOf(api, session.accessToken, project.id)).filter((l) => l.path.endsWith("Store"))).toHaveLength(1);
});

test("offline on a phone: a new room travels with the snag and is created exactly once on reconnect", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  onOneViewport("mobile");
  test.setTimeout(90_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Dock Street" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  const flat = await byPath(api, session.accessToken, project.id, "Block B > Level 3 > Flat 3.05");
  const before = await treeOf(api, session.accessToken, project.id);
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}&locationId=${flat.id}`);
  const room = page.getByRole("combobox", { name: "Room or area" });
  await expect(room).toHaveValue(flat.path);
  await fillSnag(page, "Extractor fan missing");

  await context.setOffline(true);
  await room.fill("Utility");
  await page
    .getByRole("listbox", { name: "Room or area" })
    .getByRole("option", { name: "Add “Utility” inside Block B > Level 3 > Flat 3.05" })
    .click();
  await expect(page.getByText("Utility will be added when this report syncs")).toBeVisible();
  await expect(room).toHaveValue("Block B > Level 3 > Flat 3.05 > Utility");
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report saved offline. Will sync when online.")).toBeVisible();
  expect(await listReports(baseURL as string, session.accessToken)).toEqual([]);
  expect(await treeOf(api, session.accessToken, project.id)).toHaveLength(before.length);

  await context.setOffline(false);
  await expect
    .poll(async () => (await listReports(baseURL as string, session.accessToken)).length, { timeout: 20_000 })
    .toBe(1);
  await expect(page.getByRole("button", { name: "Synced" })).toBeVisible({ timeout: 15_000 });
  const after = await treeOf(api, session.accessToken, project.id);
  const made = after.filter((l) => l.path === "Block B > Level 3 > Flat 3.05 > Utility");
  expect(made).toHaveLength(1);
  expect(after).toHaveLength(before.length + 1);
  const [report] = await listReports(baseURL as string, session.accessToken);
  expect(report).toMatchObject({ locationId: made[0]?.id, locationPath: "Block B > Level 3 > Flat 3.05 > Utility" });
});

test("a pin on a plan proposes the location carrying that plan, never over a chosen one", async ({
  page,
  api,
  baseURL,
}) => {
  onOneViewport("desktop");
  test.setTimeout(90_000);
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Quay House" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  const sheetId = await readySheet(api, baseURL as string, session.accessToken, project.id, "Level 3.png");
  const level3 = await byPath(api, session.accessToken, project.id, "Block B > Level 3");
  const flat = await byPath(api, session.accessToken, project.id, "Block B > Level 3 > Flat 3.05");
  await api.call("PATCH", `/locations/${level3.id}`, { sheetId }, session.accessToken);
  await signInAs(page, session);

  // From the plan with no location: the plan's location is filled in, and its plan offered.
  await page.goto(`/app/snagging/new?projectId=${project.id}&sheetId=${sheetId}&pinX=0.5&pinY=0.5`);
  const room = page.getByRole("combobox", { name: "Room or area" });
  await expect(room).toHaveValue(level3.path);
  await expect(page.getByRole("link", { name: "Open the plan of Level 3" })).toBeVisible();
  // Another choice stays; the plan's location is offered beside it.
  await room.fill("3.05");
  await room.press("Enter");
  await expect(room).toHaveValue(flat.path);
  const useIt = page.getByRole("button", { name: "Use Block B > Level 3, the location of the plan you pinned on" });
  await expect(useIt).toBeVisible();
  await useIt.click();
  await expect(room).toHaveValue(level3.path);
  await expect(useIt).toBeHidden();

  // Opened with a location already chosen (a QR label) and a pin: the chosen one is kept.
  await page.goto(
    `/app/snagging/new?projectId=${project.id}&locationId=${flat.id}&sheetId=${sheetId}&pinX=0.2&pinY=0.3`,
  );
  await expect(room).toHaveValue(flat.path);
  await expect(useIt).toBeVisible();
  await fillSnag(page, "Door binding");
  await page.getByRole("button", { name: "Save report" }).click();
  // From a plan, Save goes back to the plan.
  await expect(page).toHaveURL(new RegExp(`/sheets/${sheetId}`));
  const [report] = await listReports(baseURL as string, session.accessToken);
  expect(report).toMatchObject({ locationId: flat.id });
});

test("on a phone each tree row folds its actions into one Actions menu, by keyboard too; no '0 open of 0'", async ({
  page,
  api,
}) => {
  onOneViewport("mobile");
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Slip Row" });
  await api.call("POST", `/projects/${project.id}/locations/import`, { lines: LIST }, session.accessToken);
  await signInAs(page, session);
  await page.goto(`/app/projects/${project.id}?tab=locations`);
  const tree = page.getByRole("list", { name: "Location tree" });
  await expect(tree.getByText("Block B", { exact: true })).toBeVisible();
  await expect(tree.getByText("No reports").first()).toBeVisible();
  await expect(tree.getByText(/0 open of 0/)).toHaveCount(0);
  // The icon buttons are the desktop's; the phone has one menu button per row.
  await expect(tree.getByRole("button", { name: "Delete Block B" })).toHaveCount(0);
  const actions = tree.getByRole("button", { name: "Actions for Block B" });
  await expect(actions).toHaveAttribute("aria-expanded", "false");

  await actions.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Actions for Block B" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Add a location inside Block B" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit Block B" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(menu.getByRole("menuitem", { name: "Delete Block B" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();

  // ↑ opens on the last item; Enter runs it: the delete asks first.
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "Delete Block B" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Delete Block B?" })).toBeVisible();
});
