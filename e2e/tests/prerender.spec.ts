// The landing, legal and sign-in pages are pre-rendered at build: their HTML holds the page before
// any script runs (a crawler, a slow phone), and the script only hydrates it.
import { expect, test } from "../fixtures";

test.describe("pre-rendered pages", () => {
  test("the HTML of / holds the landing heading, features and footer without running it", async ({ request }) => {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/html");
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toMatch(/<h1[^>]*>Snag it, assign it, sign it off\. Even without signal\.<\/h1>/);
    expect(root).toContain("Everything your site team needs");
    expect(root).toContain("<footer");
    expect(root).toContain('href="/privacy"');
    // No inline script: the CSP allows scripts from 'self' only.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  for (const [path, heading, title] of [
    ["/privacy", "Privacy Policy", "Privacy Policy · SiteSnag"],
    ["/terms", "Terms of Service", "Terms of Service · SiteSnag"],
    ["/cookies", "Cookie Policy", "Cookie Policy · SiteSnag"],
    ["/login", "Sign in", "Sign in · SiteSnag"],
  ] as const) {
    test(`the HTML of ${path} holds its heading and title`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html.slice(html.indexOf('<div id="root">'))).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    });
  }

  test("before its script runs, /login cannot send the password in a URL", async ({ page }) => {
    // With scripts off the page stays as pre-rendered: a native submit must neither be possible
    // (the button waits for hydration) nor, if forced, use GET (the fields would land in the URL).
    await page.context().route("**/*.js", (route) => route.abort());
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByLabel("Password", { exact: true }).fill("secret-password-1");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("form")).toHaveAttribute("method", "post");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });
    test("the landing page reads and links as it does with it", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Snag it, assign it, sign it off. Even without signal.",
      );
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
        "href",
        "/privacy",
      );
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    });
  });

  test.describe("as a browser loads them", () => {
    // The suite blocks service workers; a real visit registers one, so this test lets it.
    test.use({ serviceWorkers: "allow" });
    test("hydrates without errors and then navigates", async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto("/");
      await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByText("Email is required")).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
});
