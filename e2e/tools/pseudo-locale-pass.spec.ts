// Visits the main screens on a phone in the pseudo-locale `en-XA` and lists every visible text that
// is not pseudo-localised: plain English is a string that escaped the catalogue. What the account
// itself holds (names, the project's words) is left out. Prints the list and writes it to
// test-results/pseudo-locale-pass.json; it does not fail on findings (a report, not a gate).
import { mkdirSync, writeFileSync } from "node:fs";
import { expect, signInAs, test } from "../fixtures";

const SCREENS = [
  "/app/dashboard",
  "/app/projects",
  "/app/snagging",
  "/app/snagging/new",
  "/app/audits",
  "/app/audit-templates",
  "/app/team",
  "/app/profile",
  "/app/trash",
];

test("lists the text the main screens show outside the catalogue, in en-XA on a phone", async ({ page, api }) => {
  const session = await api.signUp({ firstName: "Pat", lastName: "Pseudo" });
  await page.addInitScript(() => {
    localStorage.setItem("sitesnag-locale", JSON.stringify({ userId: null, locale: "en-XA" }));
  });
  await signInAs(page, session);
  const own = [session.user.firstName, session.user.lastName, session.user.email, "Pat Pseudo", "PP"];
  const findings: Record<string, string[]> = {};
  for (const screen of ["/login", ...SCREENS]) {
    await page.goto(screen);
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await page.waitForLoadState("networkidle");
    const texts = await page.evaluate(() => {
      const out = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
        const parent = node.parentElement;
        if (!text || !parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
        if (!parent.checkVisibility()) continue;
        out.add(text);
      }
      // Labels a screen reader hears, and placeholders.
      for (const el of Array.from(document.querySelectorAll("[aria-label], [placeholder], [title]"))) {
        for (const name of ["aria-label", "placeholder", "title"]) {
          const value = el.getAttribute(name)?.trim();
          if (value) out.add(`${name}=${value}`);
        }
      }
      return [...out];
    });
    // Pseudo text has accented letters; English words of three or more plain letters escaped it.
    findings[screen] = texts.filter(
      (text) =>
        /[A-Za-z]{3,}/.test(text.replace(/^[\w-]+=/, "")) &&
        !/[áƀçðéƒĝĥíĵķĺɱñöþǫŕšţúṽŵ]/.test(text) &&
        !own.some((o) => text.includes(o)),
    );
  }
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/pseudo-locale-pass.json", `${JSON.stringify(findings, null, 2)}\n`);
  console.log(JSON.stringify(findings, null, 2));
});
