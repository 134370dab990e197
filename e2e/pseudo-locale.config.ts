// The pseudo-locale pass (issue 35): not part of CI. Build with `VITE_PSEUDO_LOCALE=1 npm run build`,
// then `npx playwright test -c e2e/pseudo-locale.config.ts`; it lists the text each main screen shows
// on a phone in `en-XA` that is not pseudo-localised (a string that escaped the catalogue).
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

const mobile = base.projects?.find((p) => p.name === "mobile")?.use;

export default defineConfig({
  ...base,
  testDir: "./tools",
  workers: 1,
  timeout: 120_000,
  projects: [{ name: "phone", use: { ...mobile } }],
});
