// Single sign-on (issue 40), against a real OpenID provider started here: an owner configures it
// in Workspace settings, then someone of the company's domain signs in through the provider's own
// login page and lands in the workspace as a member. axe-clean on our screens on the way.
import { expect, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";
import { type OidcProvider, startOidcProvider } from "../support/oidc-provider";

let idp: OidcProvider;
test.beforeAll(async ({ server }) => {
  idp = await startOidcProvider(`${server.url}/sso/callback`);
});
test.afterAll(async () => {
  await idp?.close();
});

async function expectAccessible(page: import("@playwright/test").Page) {
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an owner sets up single sign-on and a new member signs in through the provider", async ({
  page,
  api,
  server,
}) => {
  const domain = `acme-${Date.now()}.test`;
  const owner = await api.signUp({ firstName: "Olive", lastName: "Owner", email: `olive@${domain}` });
  await page.goto("/login");
  await page.getByLabel("Email").fill(owner.user.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard/);

  await page.goto("/app/workspace");
  const card = page.getByRole("region", { name: "Single sign-on" });
  await expect(card.getByText(`${server.url}/sso/callback`)).toBeVisible();
  await expect(card.getByLabel("Email domain")).toHaveValue(domain);
  await card.getByLabel("Issuer URL").fill(idp.issuer);
  await card.getByLabel("Client ID").fill(idp.clientId);
  await card.getByLabel("Client secret").fill(idp.clientSecret);
  await expectAccessible(page);
  await card.getByRole("button", { name: "Save single sign-on" }).click();
  await expect(page.getByText("Single sign-on saved")).toBeVisible();
  await expect(card.getByText("Members who have signed in with single sign-on: 0")).toBeVisible();
  await expect(card.getByText("Stored encrypted. Leave empty to keep the stored secret.")).toBeVisible();

  await page.goto("/logout");
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("link", { name: "Sign in with SSO" }).click();
  await expect(page).toHaveURL(/\/login\/sso/);
  await expectAccessible(page);
  const email = `sonia@${domain}`;
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();

  // The provider's own pages: its login form, then its consent.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/app\/dashboard/);
  await page.goto("/app/team");
  await expect(page.getByText(email)).toBeVisible();

  // The owner sees the member and the sign-in in the workspace's log.
  const log = await api.call<{ entries: { type: string; details: Record<string, unknown> }[] }>(
    "GET",
    "/security-log?workspace=1",
    undefined,
    owner.accessToken,
  );
  expect(log.entries.some((e) => e.type === "sign-in" && e.details.method === "sso")).toBe(true);
  expect(log.entries.some((e) => e.type === "member-added" && e.details.via === "sso")).toBe(true);
});
