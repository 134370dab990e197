// axe-core for the WCAG scans. Legacy mode runs `axe.run` in the page itself; the default mode
// opens a blank page for every scan to finish the run there, which made each scan about 40 %
// slower on the 2-core CI machine. Its one gain, reaching cross-origin frames, does not apply:
// the app has none.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode(true);
