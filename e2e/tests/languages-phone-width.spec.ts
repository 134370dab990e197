// Longer words on a 390 px phone (issue 35): in Polish, and in the pseudo-locale (every word ~40 %
// longer, a build with VITE_PSEUDO_LOCALE=1: `npm run i18n:pseudo` builds one), the audits list and
// its new-audit dialog, an audit, the profile and forgot-password never lay out wider than the
// screen — not once the page has loaded and not while it loads (a skeleton, or a long word that
// cannot break, widens the page and the fixed tab bar with it). The widest the page was at any
// frame since it started is recorded in the page itself.
import type { Page } from "@playwright/test";
import { expect, settled, signInAs, test, watchNetwork } from "../fixtures";

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

async function recordWidth(page: Page, locale: string): Promise<void> {
  await page.addInitScript((chosen) => {
    localStorage.setItem("sitesnag-locale", JSON.stringify({ userId: null, locale: chosen }));
    const w = window as unknown as { __overflow: number };
    w.__overflow = 0;
    const tick = () => {
      const root = document.documentElement;
      if (root) w.__overflow = Math.max(w.__overflow, root.scrollWidth - root.clientWidth);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, locale);
}

/** How far past the screen's edge the page reached since it started (0: never). */
async function widest(page: Page): Promise<number> {
  await settled(page);
  return page.evaluate(() => (window as unknown as { __overflow: number }).__overflow);
}

for (const locale of ["pl", "en-XA"]) {
  test(`audits, an audit, the profile and forgot-password fit a 390 px phone in ${locale}`, async ({
    page,
    api,
    browser,
    baseURL,
  }) => {
    const owner = await api.signUp({ firstName: "Bartłomiej", lastName: "Wiśniewski-Konstantynowicz" });
    const project = await api.createProject(owner.accessToken, { name: "Osiedle Przy Wschodniej Obwodnicy" });
    const { audit } = await api.call<{ audit: { id: string } }>(
      "POST",
      "/audits",
      { projectId: project.id, auditDate: new Date().toISOString().slice(0, 10) },
      owner.accessToken,
    );

    // Signed out first: a fresh context in the language.
    const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
    const out = await visitor.newPage();
    await recordWidth(out, locale);
    await out.goto("/forgot-password");
    const lang = out.locator("html");
    if (locale === "en-XA") {
      // Only a build with the pseudo-locale has it: elsewhere the page stays in English.
      await out.waitForLoadState("networkidle");
      test.skip((await lang.getAttribute("lang")) !== "en-XA", "this build has no pseudo-locale");
    }
    await expect(lang).toHaveAttribute("lang", locale);
    expect(await widest(out), "/forgot-password").toBeLessThanOrEqual(1);
    await visitor.close();

    await recordWidth(page, locale);
    await watchNetwork(page);
    await signInAs(page, owner);
    for (const path of ["/app/audits", `/app/audits/${audit.id}`, "/app/profile"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await widest(page), path).toBeLessThanOrEqual(1);
      if (path === "/app/audits") {
        await page
          .getByRole("button", { name: locale === "pl" ? "Nowy audyt budowy" : /Ñéŵ/ })
          .first()
          .click();
        await expect(page.getByRole("dialog")).toBeVisible();
        expect(await widest(page), "the new-audit dialog").toBeLessThanOrEqual(1);
        await page.keyboard.press("Escape");
      }
    }
  });
}
