// A workspace's own trades (issue 36), the office flow on desktop: the owner adds "Drylining" on
// the Trades page, a snag is filed under it on the form and shows its name in the list (and the
// list filters by it); retired, it is no longer offered while the report keeps it.
import { expect, signInAs, test } from "../fixtures";
import { choosePhotos, describePhoto, jpegFile } from "../support/snag-form";
import { makeJpeg } from "../support/test-photos";

test.describe.configure({ timeout: 90_000 });

test("add a trade, file a snag under it, see its name in the list, retire it", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Tia", lastName: "Trades" });
  const project = await api.createProject(session.accessToken, { name: "Harbour Court" });
  await signInAs(page, session);

  await page.goto("/app/team");
  await page.getByRole("link", { name: "Trades" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trades" })).toBeVisible();
  const trades = page.getByRole("list", { name: "Trades" });
  await expect(trades.getByRole("listitem")).toHaveCount(7);
  await page.getByLabel("New trade").fill("Drylining");
  await page.getByRole("button", { name: "Add trade" }).click();
  await expect(page.getByText("Drylining added")).toBeVisible();
  await expect(trades.getByRole("listitem")).toHaveCount(8);
  await expect(trades.getByRole("listitem").last()).toContainText("Drylining");
  // Keyboard-reachable reordering: up one place.
  await page.getByRole("button", { name: "Move Drylining up" }).click();
  await expect(trades.getByRole("listitem").nth(6)).toContainText("Drylining");

  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  const category = page.getByLabel("Category");
  await expect(category.locator("option", { hasText: "Drylining" })).toHaveCount(1);
  await category.selectOption({ label: "Drylining" });
  await choosePhotos(page, "Choose photos", [jpegFile("wall.jpg", await makeJpeg(page, { width: 640, height: 480 }))]);
  await describePhoto(page, 1, "Flat 1.02 bedroom", "Board joint cracked");
  await page.getByRole("radio", { name: "Medium" }).check();
  await page.getByRole("button", { name: "Save report" }).click();
  await expect(page.getByText("Report created successfully")).toBeVisible();
  await expect(page.getByRole("img", { name: "Category: Drylining" })).toBeVisible();

  await page.goto("/app/snagging");
  const list = page.getByRole("list", { name: "Snagging reports" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Drylining");
  await page.getByLabel("Category").selectOption({ label: "Plumbing" });
  await expect(list.getByRole("listitem")).toHaveCount(0);
  await page.getByLabel("Category").selectOption({ label: "Drylining" });
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await page.goto("/app/trades");
  const row = trades.getByRole("listitem").filter({ hasText: "Drylining" });
  await row.getByRole("button", { name: "Retire" }).click();
  await page.getByRole("dialog", { name: "Retire Drylining?" }).getByRole("button", { name: "Retire" }).click();
  await expect(page.getByText("Drylining retired")).toBeVisible();
  await expect(row).toContainText("Retired");

  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  await expect(page.getByLabel("Category").locator("option", { hasText: "Plumbing" })).toHaveCount(1);
  await expect(page.getByLabel("Category").locator("option", { hasText: "Drylining" })).toHaveCount(0);
  // The report filed under it keeps it.
  await page.goto("/app/snagging");
  await expect(list).toContainText("Drylining");
});
