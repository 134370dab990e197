import { expect, onOneViewport, signInAs, test } from "../fixtures";

test("edits the profile: view, edit with validation, save, and the header follows", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Pat", lastName: "Foreman" });
  await signInAs(page, session);
  await page.goto("/app/profile");
  const account = page.getByRole("region", { name: "Account Information" });
  await expect(account.getByText("User", { exact: true })).toBeVisible();
  await expect(account.getByText(session.user.email)).toBeVisible();

  await account.getByRole("button", { name: "Edit Profile" }).click();
  await account.getByLabel("First name").fill("");
  await account.getByRole("button", { name: "Save Changes" }).click();
  await expect(account.getByText("Please fill in all fields")).toBeVisible();

  await account.getByLabel("First name").fill("Patricia");
  await account.getByLabel("Last name").fill("Site-Lead");
  await account.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(account.getByRole("button", { name: "Edit Profile" })).toBeVisible();
  await expect(account.getByText("Patricia", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Patricia Site-Lead")).toBeVisible();

  await page.reload();
  await expect(
    page.getByRole("region", { name: "Account Information" }).getByText("Site-Lead", { exact: true }),
  ).toBeVisible();
});

test("a taken email is refused with the server's message and nothing changes", async ({ page, api }) => {
  const other = await api.signUp();
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/profile");
  const account = page.getByRole("region", { name: "Account Information" });
  await account.getByRole("button", { name: "Edit Profile" }).click();
  await account.getByLabel("Email").fill(other.user.email);
  await account.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
  await account.getByRole("button", { name: "Cancel" }).click();
  await expect(account.getByText(session.user.email)).toBeVisible();
});

test("the password form refuses empty, short, mismatched and wrong-current entries", async ({ page, api }) => {
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/profile");
  const card = page.getByRole("region", { name: "Password" });
  await card.getByRole("button", { name: "Change Password" }).click();
  await card.getByRole("button", { name: "Update Password" }).click();
  await expect(card.getByText("Please fill in all password fields")).toBeVisible();

  await card.getByLabel("Current password", { exact: true }).fill(session.password);
  await card.getByLabel("New password", { exact: true }).fill("short");
  await card.getByLabel("Confirm new password", { exact: true }).fill("short");
  await card.getByRole("button", { name: "Update Password" }).click();
  await expect(card.getByText("New password must be at least 6 characters")).toBeVisible();

  await card.getByLabel("New password", { exact: true }).fill("fresh-password-42");
  await card.getByLabel("Confirm new password", { exact: true }).fill("fresh-password-43");
  await card.getByRole("button", { name: "Update Password" }).click();
  await expect(card.getByText("New passwords do not match")).toBeVisible();

  await card.getByLabel("Current password", { exact: true }).fill("not-my-password");
  await card.getByLabel("Confirm new password", { exact: true }).fill("fresh-password-42");
  await card.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  // Nothing changed: the old password still signs in.
  await api.call("POST", "/auth/login", { email: session.user.email, password: session.password });
});

test("changes the password; the new one signs in and the old one is refused", async ({
  page,
  api,
  browser,
  baseURL,
}) => {
  onOneViewport("desktop");
  const session = await api.signUp();
  await signInAs(page, session);
  await page.goto("/app/profile");
  const card = page.getByRole("region", { name: "Password" });
  await card.getByRole("button", { name: "Change Password" }).click();
  await card.getByLabel("Current password", { exact: true }).fill(session.password);
  await card.getByLabel("New password", { exact: true }).fill("fresh-password-42");
  await card.getByLabel("Confirm new password", { exact: true }).fill("fresh-password-42");
  await card.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password changed successfully")).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole("button", { name: "Change Password" })).toBeVisible();
  // This session carries on.
  await page.goto("/app/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects", exact: true })).toBeVisible();

  const fresh = await browser.newContext({ baseURL: baseURL as string });
  const other = await fresh.newPage();
  await other.goto("/login");
  await other.getByLabel("Email").fill(session.user.email);
  await other.getByLabel("Password").fill(session.password);
  await other.getByRole("button", { name: "Sign In" }).click();
  await expect(other.getByText("Invalid email or password")).toBeVisible({ timeout: 20_000 });
  await other.getByLabel("Password").fill("fresh-password-42");
  await other.getByRole("button", { name: "Sign In" }).click();
  // Password hashing is deliberately slow; a loaded machine needs longer than the default.
  await expect(other).toHaveURL(/\/app\/dashboard$/, { timeout: 20_000 });
  await fresh.close();
});
