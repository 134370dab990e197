import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { axe } from "../support/axe";
import { listReports } from "../support/snag-form";

// Issue 28: signing out with changes that have not reached the server asks first, and kept
// changes wait in this browser for their author's next sign-in, never sent under another account.
test.use({ serviceWorkers: "allow" });

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

test("sign-out with unsynced work asks, keeps it for its author, and sends it after their next sign-in", async ({
  page,
  context,
  api,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const author = await api.signUp({ firstName: "Avery", lastName: "Site" });
  const other = await api.signUp({ firstName: "Oli", lastName: "Other" });
  const project = await api.createProject(author.accessToken, { name: "Block D" });
  const report = await api.createReport(author.accessToken, { projectId: project.id, priority: "low" });
  await signIn(page, author.user.email, author.password);
  await page.goto(`/app/snagging/${report.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole("button", { name: "Resolved" }).click();
  await expect(page.getByText("Status change saved offline. Will sync when online.")).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Sign out with unsynced work?" })).toBeVisible();
  await expect(page.getByText("1 change made on this device has not reached the server yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync now, then sign out" })).toBeDisabled();
  const results = await axe(page).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  // Staying signed in changes nothing.
  await page.getByRole("button", { name: "Stay signed in" }).click();
  await expect(page.getByRole("button", { name: "1 pending" })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Keep them for my next sign-in" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Another account in the same browser, online: the kept change is not theirs to send.
  await context.setOffline(false);
  await signIn(page, other.user.email, other.password);
  await expect(page.getByRole("button", { name: "1 pending" })).toBeHidden();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await listReports(baseURL as string, author.accessToken)).find((r) => r.id === report.id)?.status).toBe(
    "open",
  );

  // Its author signs in again: the change goes up.
  await signIn(page, author.user.email, author.password);
  await expect
    .poll(
      async () => (await listReports(baseURL as string, author.accessToken)).find((r) => r.id === report.id)?.status,
      {
        timeout: 20_000,
      },
    )
    .toBe("resolved");
  await expect(page.getByRole("button", { name: "Synced", exact: true })).toBeVisible();
});

test("after 3 days with unsynced work a banner says so and leads to the backup", async ({ page, context, api }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  const author = await api.signUp();
  const project = await api.createProject(author.accessToken, { name: "Block E" });
  const report = await api.createReport(author.accessToken, { projectId: project.id, priority: "low" });
  await signIn(page, author.user.email, author.password);
  await page.goto(`/app/snagging/${report.id}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Closed" }).click();
  await expect(page.getByText("Status change saved offline. Will sync when online.")).toBeVisible();
  const banner = page.getByRole("region", { name: "Unsynced work" });
  await expect(banner).toBeHidden();

  await page.clock.setSystemTime(Date.now() + 4 * 24 * 60 * 60 * 1000);
  await page.reload();
  await expect(banner.getByText("Changes on this device have waited 4 days to sync.")).toBeVisible();
  await banner.getByRole("button", { name: "Show unsynced work" }).click();
  await expect(page.getByRole("button", { name: "Download a backup of unsynced work" })).toBeVisible();
  await page.getByRole("button", { name: "1 pending" }).click();
  await banner.getByRole("button", { name: "Remind me later" }).click();
  await expect(banner).toBeHidden();
});
