import type { Page } from "@playwright/test";
import { expect, isMobile, signInAs, test } from "../fixtures";

const DAY = 86_400;

/** A user's entry: a table row on desktop, a card on phones. Its status badge comes last. */
const entry = (page: Page, name: string) =>
  isMobile(page) ? page.getByRole("article", { name }) : page.getByRole("row", { name: new RegExp(`^${name}`) });
const now = () => Math.floor(Date.now() / 1000);

test("the admin tabs: figures, users, each membership status, a membership edit, analytics, export, settings", async ({
  page,
  api,
}) => {
  test.slow(); // One journey through all six tabs.
  const admin = await api.loginAdmin();
  const tag = `t${Date.now()}`;
  const make = async (first: string, membership?: object) => {
    const s = await api.signUp({ firstName: first, lastName: tag });
    if (membership) await api.call("PATCH", `/users/${s.user.id}/membership`, membership, admin.accessToken);
    return s;
  };
  const free = await make("Freya");
  await make("Ines", {
    membership_type: "yearly",
    membership_start_date: null,
    membership_end_date: null,
    membership_amount: 0,
  });
  await make("Ezra", {
    membership_type: "yearly",
    membership_start_date: now() - 400 * DAY,
    membership_end_date: now() - DAY,
    membership_amount: 10,
  });
  await make("Ava", {
    membership_type: "yearly",
    membership_start_date: now(),
    membership_end_date: now() + 30 * DAY,
    membership_amount: 120,
  });
  await signInAs(page, admin);

  await page.goto("/app/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Total users")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent sign-ups" }).getByText(`Ava ${tag}`)).toBeVisible();

  await page.goto("/app/admin?tab=users");
  await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(free.user.email);
  const row = entry(page, `Freya ${tag}`);
  await expect(row).toBeVisible();
  await expect(row.getByText("User", { exact: true })).toBeVisible();
  await expect(row.getByText("Free", { exact: true })).toBeVisible();
  // The storage the user's workspace takes against its quota (nothing stored yet).
  await expect(row.getByText("0 bytes of 10 GB (0%)")).toBeVisible();
  await expect(page.getByText(/· 1 user$/)).toBeVisible();
  // The platform admin gives that workspace its own quota (validated in the dialog, then saved).
  await row.getByRole("button", { name: /^Change quota of / }).click();
  const quotaDialog = page.getByRole("dialog", { name: "Storage quota" });
  const quotaField = quotaDialog.getByRole("spinbutton", { name: "Quota (MB)" });
  await expect(quotaField).toHaveValue("10240");
  await quotaField.fill("0");
  await quotaDialog.getByRole("button", { name: "Save quota" }).click();
  await expect(quotaDialog.getByText("The quota must be at least 1 MB")).toBeVisible();
  await quotaField.fill("25");
  await quotaDialog.getByRole("button", { name: "Save quota" }).click();
  await expect(quotaDialog).toBeHidden();
  await expect(row.getByText("0 bytes of 25 MB (0%)")).toBeVisible();

  await page.goto("/app/admin?tab=memberships");
  await expect(page.getByRole("heading", { level: 1, name: "Memberships" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill(tag);
  for (const [name, status] of [
    ["Freya", "Free"],
    ["Ines", "Inactive"],
    ["Ezra", "Expired"],
    ["Ava", "Active"],
  ] as const) {
    await expect(entry(page, `${name} ${tag}`).getByText(status, { exact: true }).last()).toBeVisible();
  }

  await page.getByRole("button", { name: `Edit membership of Freya ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit membership" });
  await dialog.getByLabel("Membership type").selectOption("yearly");
  const inAYear = new Date((now() + 365 * DAY) * 1000).toISOString().slice(0, 10);
  await expect(dialog.getByLabel("End date")).toHaveValue(inAYear);
  await dialog.getByLabel("Amount (£)").fill("-1");
  await dialog.getByRole("button", { name: "Save membership" }).click();
  await expect(dialog.getByText("Amount must be at least 0")).toBeVisible();
  await dialog.getByLabel("Amount (£)").fill("49.99");
  await dialog.getByRole("button", { name: "Save membership" }).click();
  await expect(page.getByText("Membership updated successfully")).toBeVisible();
  const freya = entry(page, `Freya ${tag}`);
  await expect(freya.getByText("Active", { exact: true })).toBeVisible();
  await expect(freya.getByText("£49.99")).toBeVisible();

  await page.goto("/app/admin?tab=analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Reports & Analytics" })).toBeVisible();
  await expect(page.getByText(/^\d+\.\d%$/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Sign-ups per month" }).getByRole("listitem")).toHaveCount(12);

  await page.goto("/app/admin?tab=export");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^sitesnag-users-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText("CSV exported successfully")).toBeVisible();

  await page.goto("/app/admin?tab=settings");
  await expect(page.getByRole("heading", { level: 1, name: "System Settings" })).toBeVisible();
  await expect(page.getByText("SQLite")).toBeVisible();
  await expect(page.getByText("Local disk")).toBeVisible();
});

test("a member is sent from /app/admin to the dashboard, and the API refuses them", async ({ page, api }) => {
  const member = await api.signUp();
  await signInAs(page, member);
  await page.goto("/app/admin?tab=memberships");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(api.call("GET", "/admin/stats", undefined, member.accessToken)).rejects.toThrow(/403/);
});
