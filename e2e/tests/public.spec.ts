import { expect, test } from "../fixtures";

test.describe("landing page", () => {
  test("header, hero, six features and the sign-up calls to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/signup");
    await expect(main.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(
      main.getByRole("region", { name: "Everything your site team needs" }).getByRole("listitem"),
    ).toHaveCount(6);
    await main.getByRole("link", { name: "Start Free Trial" }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("footer links and company details", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const name of ["Features", "Pricing", "Demo"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/signup");
    }
    await expect(footer.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
    await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookies");
    await expect(footer).toContainText("15284731");
    await expect(footer).toContainText("London");
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });
});

const LEGAL = [
  { path: "/privacy", title: "Privacy Policy", sections: 12, linksTo: "/cookies" },
  { path: "/terms", title: "Terms of Service", sections: 15, linksTo: "/privacy" },
  { path: "/cookies", title: "Cookie Policy", sections: 11, linksTo: "/privacy" },
];

for (const doc of LEGAL) {
  test(`${doc.title}: ${doc.sections} sections, today's date, this year, links`, async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-03-04T10:00:00Z"));
    await page.goto(doc.path);
    await expect(page.getByRole("heading", { level: 1, name: doc.title })).toBeVisible();
    await expect(page.getByRole("main").getByRole("region")).toHaveCount(doc.sections);
    await expect(page.getByText("Last updated: March 4, 2026")).toBeVisible();
    await expect(page.getByText(/© 2026/)).toBeVisible();
    await expect(page.getByRole("main").locator(`a[href="${doc.linksTo}"]`).first()).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test("unknown paths show the 404 page with a way home", async ({ page }) => {
  const res = await page.goto("/no/such/page");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const [path, url] of [
  ["/about", "https://www.sitesnag.app/about"],
  ["/contact", "https://www.sitesnag.app/#contact"],
] as const) {
  test(`${path} redirects to the provider's external page`, async ({ page }) => {
    await page.route("https://www.sitesnag.app/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<h1>SiteSnag company site</h1>" }),
    );
    await page.goto(path);
    await expect(page).toHaveURL(url);
  });
}

test("the API answers unknown routes with JSON, not the app", async ({ request }) => {
  const res = await request.get("/api/does-not-exist");
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
});

test("a route that fails to load shows the Unexpected Application Error screen", async ({ page }) => {
  await page.goto("/signup");
  // Inside the app the landing page is a separate chunk: make it fail as on a flaky connection.
  // (A first visit to / gets pre-rendered HTML instead: prerender.spec.ts.)
  await page.route(/\/assets\/landing-page-.*\.js$/, (route) => route.abort("failed"));
  await page.getByRole("link", { name: "Back to home" }).click();
  await expect(page.getByRole("heading", { name: "Unexpected Application Error" })).toBeVisible();
  await expect(page.getByText(/dynamically imported module|Failed to fetch/i)).toBeVisible();
});
