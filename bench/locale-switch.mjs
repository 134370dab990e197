// The time to switch language (issue 35) on a mid-range phone: Chromium on a phone viewport
// (412 × 915, touch) with its CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), signed in to a
// demo sandbox on the profile page. From the moment the profile's language picker changes to the
// first frame painted with every watched string of the screen in the new language: the profile's
// heading and cards, the phone's tab bar, the bell's label (and <html lang>). The first switch to a
// language fetches its catalogue (one request, from the built server on this machine: no network
// throttling); later switches to it find the catalogue loaded. Each run alternates Polish and
// English; prints every run and the medians.
// Usage: npm run build && npm run bench:locale-switch -- [--runs 7] [--cpu 4]
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "7" }, cpu: { type: "string", default: "4" } },
});
const RUNS = Math.max(1, Math.min(Number(values.runs), 30));
const CPU = Number(values.cpu);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// What the profile page on a phone shows, by language: the switch is done when all of it shows.
const WATCHED = {
  pl: ["Profil", "Dane konta", "Język", "Usterki", "Projekty"],
  "en-GB": ["Profile", "Account Information", "Language", "Snags", "Projects"],
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const server = await startServer(root);
const shell = "/usr/bin/chromium-headless-shell";
const browser = await chromium.launch({
  executablePath: process.env.E2E_CHROME_PATH ?? (existsSync(shell) ? shell : "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const res = await fetch(`${server.url}/api/auth/demo-login`, { method: "POST" });
  if (!res.ok) throw new Error(`demo login failed: ${res.status}`);
  const { user, accessToken, refreshToken } = await res.json();
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.6,
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    serviceWorkers: "block",
  });
  await context.addInitScript(
    (session) => {
      if (!localStorage.getItem("auth-storage")) {
        localStorage.setItem(
          "auth-storage",
          JSON.stringify({ state: { ...session, isAuthenticated: true }, version: 1 }),
        );
      }
    },
    { user, accessToken, refreshToken },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${server.url}/app/profile`);
  await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
  await page.waitForLoadState("networkidle");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });

  const times = { first: null, warm: [], english: [] };
  let seenPolish = false;
  for (let run = 1; run <= RUNS * 2; run++) {
    const target = run % 2 === 1 ? "pl" : "en-GB";
    // Runs in the page: change the picker as a tap would, then watch every frame until the screen
    // shows each watched string (visible) and <html lang> says the language.
    const ms = await page.evaluate(
      ({ target, watched }) =>
        new Promise((resolve, reject) => {
          const select = [...document.querySelectorAll("select")].find((s) => s.querySelector('option[value="pl"]'));
          if (!select) return reject(new Error("no language picker"));
          const visibleTexts = () => {
            const out = new Set();
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const text = (n.textContent ?? "").trim();
              if (text && n.parentElement?.checkVisibility()) out.add(text);
            }
            return out;
          };
          const start = performance.now();
          select.value = target;
          select.dispatchEvent(new Event("change", { bubbles: true }));
          const deadline = start + 20_000;
          const check = () => {
            const texts = visibleTexts();
            if (document.documentElement.lang === target && watched.every((w) => texts.has(w))) {
              // The frame after the one that holds the text: when it has been painted.
              requestAnimationFrame(() => resolve(performance.now() - start));
            } else if (performance.now() > deadline) {
              reject(new Error(`not every string in ${target}: ${watched.filter((w) => !texts.has(w)).join(", ")}`));
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
      { target, watched: WATCHED[target] },
    );
    if (target === "pl" && !seenPolish) times.first = ms;
    else if (target === "pl") times.warm.push(ms);
    else times.english.push(ms);
    if (target === "pl") seenPolish = true;
    console.error(`switch ${run}: → ${target.padEnd(5)} ${ms.toFixed(0)} ms`);
    // Let the choice's save to the server settle before the next switch.
    await page.waitForLoadState("networkidle");
  }
  console.log(`\nLanguage switch on the profile page, phone viewport, CPU ${CPU}× slower, ${RUNS} round trips`);
  console.log(`→ Polish, first (fetches the catalogue): ${times.first.toFixed(0)} ms`);
  if (times.warm.length)
    console.log(`→ Polish, catalogue loaded (median of ${times.warm.length}): ${median(times.warm).toFixed(0)} ms`);
  console.log(`→ English (built in, median of ${times.english.length}): ${median(times.english).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.stop();
}
