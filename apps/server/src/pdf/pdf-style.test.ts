import { describe, expect, it } from "vitest";
import { breakable, LONG_RUN } from "./pdf-style";

const ZWSP = "\u200B";

describe("breakable", () => {
  it("leaves words shorter than LONG_RUN, spaces and line breaks alone", () => {
    const text = `Crack by the lift.\n\n${"a".repeat(LONG_RUN - 1)} https://example.com/a/b`;
    expect(breakable(text)).toBe(text);
  });

  it("puts a zero-width space after every 8 characters of a long run, and nothing else", () => {
    const run = "x".repeat(LONG_RUN + 4);
    const out = breakable(`before ${run} after`);
    expect(out.replaceAll(ZWSP, "")).toBe(`before ${run} after`);
    expect(out.split(" ")[1]?.split(ZWSP).slice(0, -1)).toEqual(Array(Math.floor(run.length / 8)).fill("x".repeat(8)));
  });

  it("never splits a character from its accent, or an emoji's surrogate pair", () => {
    const run = "e\u0301".repeat(40) + "📷".repeat(40);
    const out = breakable(run);
    expect(out.replaceAll(ZWSP, "")).toBe(run);
    for (const piece of out.split(ZWSP)) {
      expect(piece.startsWith("\u0301")).toBe(false);
      expect(/^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
    }
  });
});
