import { expect, signInAs, test } from "../fixtures";
import { makePng } from "../images";
import { axe, WCAG_21_AA } from "../support/axe";

async function expectAccessible(page: import("@playwright/test").Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

for (const path of ["/", "/login", "/signup", "/register", "/demo", "/privacy", "/terms", "/cookies", "/nowhere"]) {
  test(`public page ${path} has no WCAG A/AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page);
  });
}

test("the signed-in screens have no WCAG A/AA violations", async ({ page, api }) => {
  test.slow(); // five screens and dialogs, each scanned by axe
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Accessible project", location: "Leeds" });
  await signInAs(page, session);

  await page.goto("/app/dashboard");
  await expect(page.getByRole("link", { name: /^Projects 1/ })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/app/projects");
  await expect(page.getByRole("link", { name: /Accessible project/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "New Project" }).click();
  await page.getByRole("dialog", { name: "New Project" }).getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Project name is required")).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/app/projects/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Accessible project" })).toBeVisible();
  await expectAccessible(page);

  // The weekly report's settings (issue 37), on the phone too.
  await page.getByRole("tab", { name: "Weekly report" }).click();
  await expect(page.getByLabel("Send the weekly report")).toBeVisible();
  await expectAccessible(page);
});

test("signup errors are announced and tied to their fields", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Create Account" }).click();
  const firstName = page.getByLabel("First name");
  await expect(firstName).toHaveAttribute("aria-invalid", "true");
  await expect(firstName).toHaveAccessibleDescription("First name is required");
  await expectAccessible(page);
});

test("the new project dialog works from the keyboard and closes with Escape", async ({ page, api }) => {
  await signInAs(page, await api.signUp());
  await page.goto("/app/projects");
  await page.getByRole("button", { name: "New Project" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New Project" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type("Typed with the keyboard");
  await expect(dialog.getByLabel("Project name")).toHaveValue("Typed with the keyboard");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "New Project" })).toBeFocused();
});

test("the snagging list, report detail and photo viewer have no WCAG A/AA violations", async ({ page, api }) => {
  test.slow(); // list, detail, photo viewer and dialog, each scanned by axe
  const session = await api.signUp();
  const project = await api.createProject(session.accessToken, { name: "Accessible snags" });
  const report = await api.createReport(
    session.accessToken,
    {
      projectId: project.id,
      priority: "high",
      locationLat: 51.5,
      locationLng: -0.12,
      description: "📷 Photo 1 - Lobby: Scuffed wall\n\n📷 Photo 2 - Lift: Door seal torn",
    },
    [
      { name: "a.png", type: "image/png", bytes: makePng([200, 60, 60]) },
      { name: "b.png", type: "image/png", bytes: makePng([60, 60, 200]) },
    ],
  );
  await signInAs(page, session);

  await page.goto("/app/snagging");
  await expect(page.getByRole("link", { name: new RegExp(report.title) })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/app/snagging/${report.id}`);
  await expect(page.getByRole("heading", { level: 1, name: report.title })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Open Photo 1 full screen" }).click();
  await expect(page.getByRole("dialog", { name: "Photo 1 of 2" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("dialog", { name: "Delete report?" })).toBeVisible();
  await expectAccessible(page);
});

test("the profile, team and invitation screens have no WCAG A/AA violations", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  test.slow(); // six screens and panels, each scanned by axe
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  // The skeleton shows the title too: scan the screen, not its skeleton.
  await expect(page.getByRole("status").getByText("Loading…")).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Edit Profile" }).click();
  await page.getByRole("button", { name: "Change Password" }).click();
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Please fill in all password fields")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/app/team");
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Notifications, none unread" }).click();
  await expect(page.getByText("You're all caught up.", { exact: false })).toBeVisible();
  await expectAccessible(page);

  const { token } = await api.call<{ token: string }>("POST", "/invitations", { email: "" }, session.accessToken);
  const visitor = await browser.newContext({ baseURL: baseURL as string });
  const invitee = await visitor.newPage();
  await invitee.goto(`/invite/${token}`);
  await expect(invitee.getByRole("button", { name: "Create account and join" })).toBeVisible();
  await expectAccessible(invitee);
  await visitor.close();
});

test("the API tokens screen and its dialog have no WCAG A/AA violations", async ({ page, api }) => {
  const session = await api.signUp();
  await api.call("POST", "/tokens", { name: "Power BI", scopes: "read" }, session.accessToken);
  await signInAs(page, session);
  await page.goto("/app/workspace/api-tokens");
  await expect(page.getByRole("list", { name: "API tokens" }).getByRole("listitem")).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByRole("dialog", { name: "New API token" })).toBeVisible();
  await expectAccessible(page);
});

test("the webhooks screen, its deliveries and its dialog have no WCAG A/AA violations", async ({ page, api }) => {
  const session = await api.signUp();
  // Never sent (nothing changes): an address the fixtures' servers accept (WEBHOOKS_ALLOW_*).
  await api.call(
    "POST",
    "/webhooks",
    { url: "http://127.0.0.1:9/hooks", events: ["report.created"] },
    session.accessToken,
  );
  await signInAs(page, session);
  await page.goto("/app/workspace/webhooks");
  const row = page.getByRole("list", { name: "Webhooks" }).getByRole("listitem");
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Deliveries" }).click();
  await expect(page.getByText("Nothing sent yet.", { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("dialog", { name: "New webhook" })).toBeVisible();
  await expectAccessible(page);
});

test("every admin tab has no WCAG A/AA violations", async ({ page, api }) => {
  test.slow();
  await api.signUp();
  await signInAs(page, await api.loginAdmin());
  for (const [tab, label] of [
    ["dashboard", "Admin Dashboard"],
    ["users", "User Management"],
    ["memberships", "Memberships"],
    ["analytics", "Reports & Analytics"],
    ["export", "Export Data"],
    ["settings", "System Settings"],
  ]) {
    await page.goto(`/app/admin?tab=${tab}`);
    await expect(page.getByRole("heading", { level: 1, name: label })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.goto("/app/admin?tab=memberships");
  await page
    .getByRole("button", { name: /^Edit membership of / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Edit membership" })).toBeVisible();
  await expectAccessible(page);
});
