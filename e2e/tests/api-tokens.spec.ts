// API tokens (issue 38), the office flow on desktop (decision 0041): the owner creates a read-only
// token under Team › API tokens (/app/workspace/api-tokens), copies the secret shown once, a script reads the projects with
// it, the owner revokes it after a confirmation and the script's next call answers 401.
import { expect, signInAs, test } from "../fixtures";
import { axe, WCAG_21_AA } from "../support/axe";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("create a token, read the API with it, revoke it and see it refused", async ({ page, api, request }) => {
  const session = await api.signUp({ firstName: "Ada", lastName: "Owner" });
  await api.createProject(session.accessToken, { name: "Harbour Court" });
  await signInAs(page, session);

  await page.goto("/app/team");
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API tokens" })).toBeVisible();
  await expect(page.getByText("No API tokens yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");

  await page.getByRole("button", { name: "Create token" }).click();
  const form = page.getByRole("dialog", { name: "New API token" });
  await form.getByLabel("Name").fill("Power BI");
  await form.getByLabel("Access").selectOption({ label: "Read only" });
  await form.getByRole("button", { name: "Create token" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your token now" });
  await expect(shown.getByText("This is the only time the token is shown.", { exact: false })).toBeVisible();
  const secretField = shown.getByLabel("Token for Power BI");
  await expect(secretField).toHaveValue(/^sst_[0-9A-Za-z]{43}$/);
  const secret = await secretField.inputValue();
  const results = await axe(page).withTags(WCAG_21_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await shown.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Token copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  const tokens = page.getByRole("list", { name: "API tokens" });
  const row = tokens.getByRole("listitem").filter({ hasText: "Power BI" });
  await expect(row).toContainText("Read only");
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("Never used");
  // The secret itself is never shown again.
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/workspace\/api-tokens$/);

  const read = await request.get("/api/projects", { headers: { authorization: `Bearer ${secret}` } });
  expect(read.status()).toBe(200);
  expect(await read.text()).toContain("Harbour Court");
  expect(read.headers()["ratelimit-limit"]).toBeTruthy();
  const write = await request.post("/api/projects", {
    headers: { authorization: `Bearer ${secret}` },
    data: { name: "Sneaky", description: "", location: "", clientName: "", status: "active" },
  });
  expect(write.status()).toBe(403);

  await page.reload();
  await expect(row).not.toContainText("Never used");
  await row.getByRole("button", { name: "Revoke Power BI" }).click();
  await page.getByRole("dialog", { name: "Revoke Power BI?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Power BI revoked")).toBeVisible();
  await expect(page.getByText("No API tokens yet.")).toBeVisible();

  const refused = await request.get("/api/projects", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});

test("the API reference page loads from our origin under our CSP", async ({ page }) => {
  test.slow();
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  // A deep link to one tag: Swagger UI renders operations as they scroll into view, so a tag far
  // down the page is reached by its link (or by scrolling), not found in the first paint.
  await page.goto("/api/docs#/API%20tokens");
  // A 1.7 MB script and a 200 KB document to parse and render: slow on a loaded machine.
  await expect(page.getByRole("heading", { name: /SiteSnag API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "API tokens" })).toBeVisible();
  await expect(page.getByText("/api/tokens").first()).toBeVisible();
  expect(violations).toEqual([]);
});
