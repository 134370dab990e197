// axe-core for the WCAG scans. Legacy mode runs `axe.run` in the page itself; the default mode
// opens a blank page for every scan to finish the run there, which made each scan about 40 %
// slower on the 2-core CI machine. Its one gain, reaching cross-origin frames, does not apply:
// the app has none.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const axe = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode(true);

/** The rules of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
