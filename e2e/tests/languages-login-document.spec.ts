// The sign-in page in the visitor's language from the first paint (issue 35, decision 0061): the
// server answers /login pre-rendered in the language saved on this browser (the app's cookie), else
// the browser's; the page hydrates in it, so its English never shows, not even for a frame.
import type { Page } from "@playwright/test";
import { expect, onOneViewport, type Session, signInAs, test } from "../fixtures";

const ENGLISH = "Welcome back. Sign in to your site workspace.";

/** Records, in the page itself, whether the English sentence was ever on screen since it started. */
async function watchForEnglish(page: Page): Promise<void> {
  await page.addInitScript((english) => {
    const w = window as unknown as { __sawEnglish: boolean };
    w.__sawEnglish = false;
    const look = () => {
      if (document.body?.textContent?.includes(english)) w.__sawEnglish = true;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
    document.addEventListener("DOMContentLoaded", look);
  }, ENGLISH);
}

test("a Polish browser's first visit paints /login in Polish, before and after its script runs", async ({
  browser,
  baseURL,
}) => {
  // Without JavaScript: what the server sent is what paints first.
  const plain = await browser.newContext({ baseURL, locale: "pl-PL", javaScriptEnabled: false });
  const html = await plain.newPage();
  await html.goto("/login");
  await expect(html.locator("html")).toHaveAttribute("lang", "pl");
  await expect(html.getByText("Zaloguj się do przestrzeni roboczej swojej budowy.")).toBeVisible();
  await expect(html.getByText(ENGLISH)).toHaveCount(0);
  await plain.close();

  const context = await browser.newContext({ baseURL, locale: "pl-PL" });
  const page = await context.newPage();
  await watchForEnglish(page);
  await page.goto("/login");
  await expect(page.getByText("Zaloguj się do przestrzeni roboczej swojej budowy.")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  expect(await page.evaluate(() => (window as unknown as { __sawEnglish: boolean }).__sawEnglish)).toBe(false);
  await context.close();
});

test("a language saved on this browser wins over the browser's own, and English stays English", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "en-GB" });
  const url = new URL(baseURL as string);
  await context.addCookies([{ name: "sitesnag-locale", value: "ro", domain: url.hostname, path: "/" }]);
  const page = await context.newPage();
  await watchForEnglish(page);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "ro");
  await expect(page.getByText("Bine ai revenit.", { exact: false })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __sawEnglish: boolean }).__sawEnglish)).toBe(false);
  await context.close();

  const english = await browser.newContext({ baseURL, locale: "en-GB" });
  const en = await english.newPage();
  await en.goto("/login");
  await expect(en.getByText(ENGLISH)).toBeVisible();
  await expect(en.locator("html")).toHaveAttribute("lang", "en-GB");
  await english.close();
});

test("the signed-in app keeps its language in the cookie the server reads for /login", async ({ page, api }) => {
  const member = await api.signUp({ firstName: "Ana", lastName: "Pop" });
  const { user } = await api.call<{ user: Session["user"] }>(
    "PATCH",
    `/users/${member.user.id}`,
    { locale: "ro" },
    member.accessToken,
  );
  await signInAs(page, { ...member, user });
  await page.goto("/app/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "ro");
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "sitesnag-locale")?.value)
    .toBe("ro");
});

test("a signed-in screen's first paint (the pre-rendered frame) is in the saved language too", async ({
  browser,
  baseURL,
}) => {
  onOneViewport("mobile"); // the document's words, not its layout
  // Without JavaScript: only what the server sent paints (the frame the app later replaces).
  const context = await browser.newContext({ baseURL, locale: "en-GB", javaScriptEnabled: false });
  const url = new URL(baseURL as string);
  await context.addCookies([{ name: "sitesnag-locale", value: "pl", domain: url.hostname, path: "/" }]);
  const page = await context.newPage();
  await page.goto("/app/projects");
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await expect(page.getByRole("heading", { name: "Projekty" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Karty" }).getByRole("link", { name: "Usterki" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Otwórz menu" })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Snags" })).toHaveCount(0);
  await context.close();
});
