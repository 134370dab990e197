// Accessibility in every language (issue 35): a user switches language on the profile page through
// each shipped language; the dashboard and the snag list follow (<html lang> included) and axe finds
// no WCAG 2.1 A/AA violation in any of them. An office check of the screens' markup: desktop only
// (decision 0041); the phone layouts are scanned in English by a11y.spec.ts.
import { expect, onOneViewport, settled, signInAs, test, watchNetwork } from "../fixtures";
import { seed } from "../snagging-seed";
import { axe, WCAG_21_AA } from "../support/axe";

// What each language calls the dashboard in the navigation, to know the screen is in it.
const LANGUAGES = [
  { code: "pl", dashboard: "Pulpit" },
  { code: "ro", dashboard: "Panou principal" },
  { code: "lt", dashboard: "Suvestinė" },
  { code: "pt-PT", dashboard: "Painel" },
  { code: "es", dashboard: "Panel" },
] as const;

test("axe finds no WCAG A/AA violation on the dashboard and snag list in each language, and <html lang> follows", async ({
  page,
  api,
}) => {
  onOneViewport("desktop");
  test.slow(); // Eleven axe scans on a busy 2-core machine.
  const { session } = await seed(api);
  await watchNetwork(page);
  await signInAs(page, session);
  const violations: string[] = [];
  for (const { code, dashboard } of LANGUAGES) {
    await page.goto("/app/profile");
    // The picker's own label is in the current language: it is the list that offers every language.
    const picker = page.getByRole("combobox").filter({ has: page.locator('option[value="pl"]') });
    await picker.selectOption(code);
    await expect(page.locator("html")).toHaveAttribute("lang", code);

    await page.goto("/app/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(
      page.getByRole("navigation").getByRole("link", { name: dashboard, exact: true }).first(),
    ).toBeVisible();
    await settled(page);
    for (const v of (await axe(page).withTags(WCAG_21_AA).analyze()).violations) {
      violations.push(`${code} dashboard: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    }

    await page.goto("/app/snagging");
    await expect(page.locator("html")).toHaveAttribute("lang", code);
    await expect(page.getByText("SNAG-", { exact: false }).first()).toBeVisible();
    for (const v of (await axe(page).withTags(WCAG_21_AA).analyze()).violations) {
      violations.push(`${code} snag list: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    }
  }
  expect(violations).toEqual([]);
});
