import { expect, signInAs, test } from "../fixtures";

test("the offline banner follows the browser's connection", async ({ page, context, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("You are offline")).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You are offline")).toHaveCount(0);
});

/**
 * The browser's install offer, as Chrome fires it. The page listens once it has hydrated, which a
 * busy machine may finish after `load`: the offer is made again until the page has taken it (its
 * handler cancels the browser's own mini-bar), as Chrome would keep it available, and each offer
 * replaces the last. Returns once the page holds the offer; the card waits for the first tap or key.
 */
async function offerInstall(page: import("@playwright/test").Page, { engage = true } = {}) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
        event.prompt = async () => {
          (window as unknown as { promptCalls: number }).promptCalls =
            ((window as unknown as { promptCalls?: number }).promptCalls ?? 0) + 1;
        };
        event.userChoice = Promise.resolve({ outcome: "accepted" });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    )
    .toBe(true);
  if (engage) {
    // A key no control acts on: the person's first engagement with the page.
    await page.keyboard.press("Shift");
    await expect(page.getByRole("region", { name: "Install SiteSnag" })).toBeVisible();
  }
}

test("the install card waits for the person's first tap or key, not the page's first paint", async ({ page }) => {
  await page.goto("/");
  await offerInstall(page, { engage: false });
  // Everything the offer could have loaded (the card's code) has arrived, and still no card.
  await page.waitForLoadState("networkidle");
  const card = page.getByRole("region", { name: "Install SiteSnag" });
  await expect(card).toHaveCount(0);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(card).toBeVisible();
});

test("the install card appears when the browser offers installation; Not now hides it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Install SiteSnag" })).toHaveCount(0);
  await offerInstall(page);
  const card = page.getByRole("region", { name: "Install SiteSnag" });
  await expect(card).toBeVisible();
  await expect(card.getByText("Install our app for a better experience with offline support!")).toBeVisible();
  await card.getByRole("button", { name: "Not now" }).click();
  await expect(card).toHaveCount(0);
});

test("Install opens the browser's dialog, then hides the card", async ({ page }) => {
  await page.goto("/");
  await offerInstall(page);
  const card = page.getByRole("region", { name: "Install SiteSnag" });
  await card.getByRole("button", { name: "Install", exact: true }).click();
  await expect(card).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { promptCalls?: number }).promptCalls)).toBe(1);
});

test("the close icon hides the install card", async ({ page }) => {
  await page.goto("/login");
  await offerInstall(page);
  const card = page.getByRole("region", { name: "Install SiteSnag" });
  await card.getByRole("button", { name: "Close" }).click();
  await expect(card).toHaveCount(0);
});

test("the install card never hides a form's buttons: the page scrolls them clear", async ({ page, api }) => {
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Card Court" });
  await signInAs(page, session);
  await page.goto(`/app/snagging/new?projectId=${project.id}`);
  const save = page.getByRole("button", { name: "Save report" });
  await expect(save).toBeVisible();
  await offerInstall(page);
  // A trial click runs every check a real one does, including that the button itself (not the
  // card floating over the page's bottom corner) is what receives the tap.
  await save.click({ trial: true, timeout: 5000 });
  await expect(page.getByRole("region", { name: "Install SiteSnag" })).toBeVisible();
});

test("the web manifest and service worker are served for installation", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "SiteSnag", display: "standalone", start_url: "/app/dashboard" });
  expect(body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  const icon = await request.get(body.icons[0].src);
  expect(icon.headers()["content-type"]).toBe("image/png");
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(await sw.text()).toContain("precache");
});
