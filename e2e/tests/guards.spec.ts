import { expect, isMobile, onOneViewport, signInAs, test } from "../fixtures";

test("an unauthenticated visitor to /app is sent to the landing page", async ({ page }) => {
  await page.goto("/app/projects");
  await expect(page).toHaveURL(/\/$/);
});

test("/app goes to the dashboard", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("a non-admin on /app/admin goes to the dashboard and sees no settings button", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/admin?tab=users");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole("button", { name: "Admin settings" })).toHaveCount(0);
});

test("an admin reaches the admin panel from the settings button; unknown tabs fall back", async ({ page, api }) => {
  await signInAs(page, await api.loginAdmin());
  await page.goto("/app/dashboard");
  await expect(page.getByRole("banner").getByText("Admin", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Admin settings" }).click();
  await expect(page).toHaveURL(/\/app\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/app/admin?tab=memberships");
  await expect(page.getByRole("heading", { name: "Memberships" })).toBeVisible();
  await page.goto("/app/admin?tab=bogus");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();

  if (isMobile(page)) await page.getByRole("button", { name: "Open menu" }).click();
  const sidebar = page.getByRole("navigation", { name: "Admin" });
  await expect(page.getByText("Admin Panel").locator("visible=true")).toBeVisible();
  await expect(sidebar.locator("visible=true").getByRole("link")).toHaveText([
    "Admin Dashboard",
    "User Management",
    "Memberships",
    "Reports & Analytics",
    "Export Data",
    "System Settings",
  ]);
  await sidebar.locator("visible=true").getByRole("link", { name: "User Management" }).click();
  await expect(page.getByRole("heading", { name: "User Management" })).toBeVisible();
  if (isMobile(page)) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Back to App" }).locator("visible=true").click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test("header shows name, capitalised role and initials; logout clears the session", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Dee", lastName: "Roofer" });
  await signInAs(page, session);
  await page.goto("/app/dashboard");
  const header = page.getByRole("banner");
  await expect(header.getByText("DR", { exact: true })).toBeVisible();
  await expect(header.getByText("Dee Roofer")).toBeVisible();
  await expect(header.getByText("User", { exact: true })).toBeVisible();
  await header.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
  expect(stored.state).toMatchObject({ user: null, accessToken: null, refreshToken: null, isAuthenticated: false });
  await page.goto("/app/dashboard");
  await expect(page).toHaveURL(/\/$/);
});

test("a 401 is retried once with a refreshed token", async ({ page, api }) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  await signInAs(page, { ...session, accessToken: "expired.or.garbage" });
  await page.goto("/app/projects");
  await expect(page.getByRole("heading", { name: "No projects yet" })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}"));
  expect(stored.state.accessToken).not.toBe("expired.or.garbage");
  expect(stored.state.refreshToken).not.toBe(session.refreshToken);
});

test("when the refresh fails the user is logged out to /login", async ({ page, api }) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  await signInAs(page, { ...session, accessToken: "garbage", refreshToken: "also-garbage" });
  await page.goto("/app/projects");
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("navigation", () => {
  test("sidebar on desktop, slide-in menu and bottom tabs on a phone", async ({ page, api }) => {
    await signInAs(page, await api.signUp());
    // The Snags screen's code is held back until the menu has been tapped: the address changes at
    // once, the screen renders when its code arrives, and a tap in between must open the menu.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    if (isMobile(page))
      await page.route(/\/assets\/snagging-list-page-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
    await page.goto("/app/dashboard");
    if (isMobile(page)) {
      const tabs = page.getByRole("navigation", { name: "Tabs" });
      await expect(tabs.getByRole("link")).toHaveText(["Projects", "Snags", "Audits", "Profile"]);
      await tabs.getByRole("link", { name: "Snags" }).click();
      await expect(page).toHaveURL(/\/app\/snagging$/);
      await page.getByRole("button", { name: "Open menu" }).click();
      release();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(page.getByText("Every defect recorded on site, with its photos.")).toBeAttached();
      await expect(menu.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
      await page.getByRole("button", { name: "Open menu" }).click();
      await menu.getByRole("link", { name: "Projects" }).click();
      await expect(page).toHaveURL(/\/app\/projects$/);
      await expect(menu).toBeHidden();
    } else {
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link")).toHaveText([
        "Dashboard",
        "Projects",
        "Snagging Reports",
        "Audits",
        "Team",
        "Trash",
        "Profile",
      ]);
      await nav.getByRole("link", { name: "Audits" }).click();
      await expect(page).toHaveURL(/\/app\/audits$/);
      await expect(page.getByRole("navigation", { name: "Tabs" })).toBeHidden();
    }
  });
});

test("two tabs refreshing at once both stay signed in (the rotated refresh token is not reused)", async ({
  context,
  api,
}) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  await api.createProject(session.accessToken, { name: "Two-tab project" });
  const [first, second] = [await context.newPage(), await context.newPage()];
  for (const page of [first, second]) await signInAs(page, { ...session, accessToken: "stale-in-both-tabs" });
  await Promise.all([first.goto("/app/projects"), second.goto("/app/projects")]);
  for (const page of [first, second]) {
    await expect(page.getByRole("link", { name: /Two-tab project/ })).toBeVisible();
  }
  // Had either tab presented the already-rotated token, the whole family would now be revoked.
  await second.reload();
  await expect(second.getByRole("link", { name: /Two-tab project/ })).toBeVisible();
  const stored = await first.evaluate(() => JSON.parse(localStorage.getItem("auth-storage") ?? "{}").state);
  const refreshed = await fetch(new URL("/api/auth/refresh", first.url()), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken: stored.refreshToken }),
  });
  expect(refreshed.status).toBe(200);
});

test("a signed-in user opening /login, /signup or /register lands on the dashboard", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  for (const path of ["/login", "/signup", "/register"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  }
});

test("each screen names itself in the document title, and a skip link reaches the content", async ({ page, api }) => {
  await page.goto("/login");
  await expect(page).toHaveTitle("Sign in · SiteSnag");
  await page.goto("/terms");
  await expect(page).toHaveTitle("Terms of Service · SiteSnag");
  await signInAs(page, await api.signUp());
  await page.goto("/app/projects");
  await expect(page).toHaveTitle("Projects · SiteSnag");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("the bell opens a notifications panel that closes with Escape", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/dashboard");
  const bell = page.getByRole("button", { name: "Notifications, none unread" });
  await expect(bell).toHaveAttribute("aria-expanded", "false");
  await bell.click();
  const panel = page.getByRole("region", { name: "Notifications", exact: true });
  await expect(panel).toContainText("You're all caught up");
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await bell.click();
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
  await page.getByRole("heading", { name: "Quick actions" }).click();
  await expect(panel).toHaveCount(0);
});
