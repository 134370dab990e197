import { expect, onOneViewport, signInAs, test } from "../fixtures";

// The real service worker, as an installed app would run it.
test.use({ serviceWorkers: "allow" });

test("the app and the last-seen projects open with no network; logout empties the API cache", async ({
  page,
  context,
  api,
}) => {
  onOneViewport("mobile"); // offline on site (decision 0041)
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Basement plant room", location: "Level -2" });
  await signInAs(page, session);

  await page.goto("/app/projects");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit installs the worker; from the next load on it controls the page.
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole("link", { name: /Basement plant room/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => caches.has("api"))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Projects" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Basement plant room/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => caches.has("api"))).toBe(false);
});
