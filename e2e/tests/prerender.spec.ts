// The landing, legal and sign-in pages are pre-rendered at build: their HTML holds the page before
// any script runs (a crawler, a slow phone), and the script only hydrates it.
import { createHash } from "node:crypto";
import { expect, isMobile, signInAs, test } from "../fixtures";

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

  test("no pre-rendered page carries the offline banner: whoever receives it is online", async ({ request }) => {
    for (const path of ["/", "/privacy", "/terms", "/cookies", "/login"]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root">');
      expect(html, path).not.toContain("You are offline");
    }
  });

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
      await expect(page.getByText("You are offline")).toHaveCount(0);
      await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
      await expect(page.getByText("You are offline")).toHaveCount(0);
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

  test.describe("signed-in screens", () => {
    test.use({ serviceWorkers: "allow" });
    for (const [path, skeleton, current] of [
      ["/app/dashboard", "cards", "Dashboard"],
      ["/app/snagging", "list", "Snagging Reports"],
      ["/app/snagging/3f0c2b9e-1d4a-4c8e-9b7f-5a6d2e1c0f34", "detail", "Snagging Reports"],
      ["/app/snagging/new", "form", "Snagging Reports"],
      ["/app/audits/any-audit", "detail", "Audits"],
    ] as const) {
      test(`the HTML of ${path} holds the shell's frame and a ${skeleton} skeleton, nobody's data`, async ({
        request,
      }) => {
        const res = await request.get(path);
        expect(res.status()).toBe(200);
        expect(res.headers()["cache-control"]).toBe("no-cache");
        const html = await res.text();
        const root = html.slice(html.indexOf('<div id="root">'));
        expect(root).toContain('<nav aria-label="Main"');
        expect(root).toContain('<nav aria-label="Tabs"');
        expect(root).toContain('aria-label="Open menu"');
        expect(root).toContain(`data-skeleton="${skeleton}"`);
        expect(root).toMatch(new RegExp(`<a aria-current="page"[^>]*>(?:<svg.*?</svg>)?${current}</a>`));
        // The stylesheet is inline (its link is disabled, never fetched).
        expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
        // One inline script, before every other: the screen's first reads (decision 0090), allowed
        // by the policy through its hash and nothing else inline.
        const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
        expect(inline).toHaveLength(1);
        const [tag, code] = inline[0] as RegExpMatchArray;
        expect(tag.startsWith("<script>")).toBe(true);
        expect(code).toContain("__sitesnagEarlyReads");
        expect(html.indexOf(tag)).toBeLessThan(html.indexOf("<script type="));
        const hash = createHash("sha256")
          .update(code ?? "")
          .digest("base64");
        expect(res.headers()["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}';`);
        // The frame needs no script to paint: the app's scripts come behind the first reads.
        expect(html).not.toMatch(/<(?:script|link rel="modulepreload")(?![^>]*fetchpriority="low")[^>]*\.js"/);
        expect(html).not.toContain("Logout");
      });
    }

    test("the admin area, which has no frame of its own, is served the plain app", async ({ request }) => {
      const html = await (await request.get("/app/admin")).text();
      expect(html).toContain('<div id="root"></div>');
    });

    test("before any script has run the frame paints header, navigation, the screen's title and skeleton", async ({
      page,
    }) => {
      await page.context().route("**/*.js", (route) => route.abort());
      await page.goto("/app/projects");
      // The title the screen's PageHeader draws (its largest text on a phone), from the document.
      await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
      const nav = isMobile(page)
        ? page.getByRole("navigation", { name: "Tabs" })
        : page.getByRole("complementary").getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Projects" })).toHaveAttribute("aria-current", "page");
      if (isMobile(page)) await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      await expect(page.getByRole("status").getByText("Loading…")).toBeAttached();
    });

    test("the app replaces the frame with the live shell: one header, one navigation, the user's name", async ({
      page,
      api,
    }) => {
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      page.on("pageerror", (e) => errors.push(e.message));
      const session = await api.signUp({ firstName: "Frame", lastName: "Check" });
      await signInAs(page, session);
      await page.goto("/app/projects");
      await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("banner").getByText("Frame Check")).toBeVisible();
      // The live shell's own navigation only (the sidebar's and the phone menu's, and the tabs), not the frame's too.
      await expect(page.locator('nav[aria-label="Main"]')).toHaveCount(2);
      await expect(page.locator('nav[aria-label="Tabs"]')).toHaveCount(1);
      await expect(page.locator("[data-skeleton]")).toHaveCount(0);
      expect(errors).toEqual([]);
    });

    test("a screen's first reads start from its document, before the app's code, and are sent once", async ({
      page,
      api,
    }) => {
      const session = await api.signUp({ firstName: "Early", lastName: "Reads" });
      await api.createProject(session.accessToken, { name: "Harbour Lofts" });
      await signInAs(page, session);
      const reads: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) reads.push(`${url.pathname}${url.search}`);
      });
      // The app's entry chunk is held until the screen's read has been sent (or 10 s have gone):
      // only the document's own early read can be sent while the app's code is missing.
      const listRead = page.waitForRequest((request) => request.url().endsWith("/api/projects?limit=50"), {
        timeout: 10_000,
      });
      let readBeforeApp: boolean | undefined;
      await page.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
        readBeforeApp ??= await listRead.then(
          () => true,
          () => false,
        );
        await route.continue();
      });
      await page.goto("/app/projects");
      await expect(page.getByRole("link", { name: /Harbour Lofts/ })).toBeVisible();
      expect(readBeforeApp).toBe(true);
      expect(reads.filter((read) => read === "/api/projects?limit=50")).toHaveLength(1);
      expect(reads.filter((read) => read === "/api/notifications?limit=20")).toHaveLength(1);
    });

    test("a signed-out visitor to a signed-in screen still ends on the landing page", async ({ page }) => {
      await page.goto("/app/dashboard");
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Snag it, assign it, sign it off. Even without signal.",
      );
    });
  });
});
