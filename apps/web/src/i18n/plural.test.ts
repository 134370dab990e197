import { LOCALES } from "@sitesnag/shared/i18n/locales";
import { describe, expect, it } from "vitest";
import { pluralCategory } from "./plural";

const samples = [
  ...Array.from({ length: 2_101 }, (_, i) => i),
  10_000,
  10_001,
  10_002,
  10_005,
  10_011,
  10_012,
  10_021,
  10_022,
  100_000,
  100_001,
  999_999,
  1_000_000,
  1_000_001,
  2_000_000,
  3_000_000,
  1_100_000,
  10_000_000,
  1_000_000_000,
];

describe("plural categories without Intl", () => {
  it.each([...LOCALES, "en-XA"])("answer as Intl.PluralRules does in %s", (locale) => {
    const rules = new Intl.PluralRules(locale);
    for (const n of samples) expect(`${n}: ${pluralCategory(locale, n)}`).toBe(`${n}: ${rules.select(n)}`);
  });

  it("leave fractions and negative numbers to Intl", () => {
    expect(pluralCategory("pl", 1.5)).toBe(new Intl.PluralRules("pl").select(1.5));
    expect(pluralCategory("lt", 0.1)).toBe(new Intl.PluralRules("lt").select(0.1));
    expect(pluralCategory("en-GB", -1)).toBe(new Intl.PluralRules("en-GB").select(-1));
  });
});
