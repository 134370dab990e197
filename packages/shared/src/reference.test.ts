import { describe, expect, it } from "vitest";
import { formatReference, generateReference, isValidReference, REFERENCE_PATTERN } from "./reference";

describe("generateReference", () => {
  const day = new Date(2025, 0, 31, 23, 59);

  it("formats the local calendar day and a number from 1000 to 9999", () => {
    expect(generateReference(day, () => 0)).toBe("SNAG-20250131-1000");
    expect(generateReference(day, () => 0.5)).toBe("SNAG-20250131-5500");
    expect(generateReference(day, () => 0.999999999999)).toBe("SNAG-20250131-9999");
  });

  it("stays in range whatever the random source returns", () => {
    for (const r of [-1, 1, 2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(generateReference(day, () => r)).toMatch(REFERENCE_PATTERN);
    }
  });

  it("draws every number of the range over many calls and nothing outside it", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 50_000; i += 1) seen.add(Number(generateReference(day).slice(-4)));
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(9999);
    expect(seen.size).toBeGreaterThan(8900);
  });

  it("pads months and days", () => {
    expect(formatReference(new Date(2026, 2, 4), 1234)).toBe("SNAG-20260304-1234");
    expect(() => formatReference(day, 999)).toThrow(RangeError);
    expect(() => formatReference(day, 10000)).toThrow(RangeError);
  });
});

describe("isValidReference", () => {
  it.each(["SNAG-20250131-1000", "SNAG-20240229-9999"])("accepts %s", (value) => {
    expect(isValidReference(value)).toBe(true);
  });

  it.each([
    "",
    "SNAG-20250131-0999",
    "SNAG-20250131-10000",
    "SNAG-20250230-1234",
    "SNAG-20251301-1234",
    "SNAG-20230229-1234",
    "snag-20250131-1234",
    " SNAG-20250131-1234",
    "SNAG-20250131-1234\n",
    "SNAG-2025013-11234",
  ])("refuses %j", (value) => {
    expect(isValidReference(value)).toBe(false);
  });
});
