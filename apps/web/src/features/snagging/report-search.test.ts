import { describe, expect, it } from "vitest";
import { matchesSearch } from "./report-search";

const report = {
  title: "SNAG-20261123-4821",
  description:
    "📷 Photo 1 - Flat 2.04 kitchen: Cracked floor tile in front of the sink\n\n📷 Photo 2 - Façade: Sealant gap",
};

describe("matchesSearch", () => {
  it("matches everything on an empty or blank search", () => {
    expect(matchesSearch(report, "")).toBe(true);
    expect(matchesSearch(report, "   ")).toBe(true);
  });

  it("searches the title and the description, ignoring case", () => {
    expect(matchesSearch(report, "snag-20261123")).toBe(true);
    expect(matchesSearch(report, "CRACKED")).toBe(true);
    expect(matchesSearch(report, "plumbing")).toBe(false);
  });

  it("needs every word, in any order and across segments", () => {
    expect(matchesSearch(report, "sealant kitchen")).toBe(true);
    expect(matchesSearch(report, "sealant bathroom")).toBe(false);
  });

  it("ignores accents on either side", () => {
    expect(matchesSearch(report, "facade")).toBe(true);
    expect(matchesSearch({ title: "Cafe", description: "" }, "café")).toBe(true);
  });

  it("treats regular-expression characters as text", () => {
    expect(matchesSearch(report, "2.04")).toBe(true);
    expect(matchesSearch(report, "(.*")).toBe(false);
  });
});
