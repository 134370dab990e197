import { describe, expect, it } from "vitest";
import { parseLocationImport } from "./location-import";

describe("parseLocationImport", () => {
  it("reads paths, codes and line numbers, skipping blank lines", () => {
    const parsed = parseLocationImport("Block B > Level 3 > Flat 3.04;B-3-04\r\n\n  Block B>Level 4  \n");
    expect(parsed).toEqual({
      ok: true,
      entries: [
        { line: 1, names: ["Block B", "Level 3", "Flat 3.04"], code: "B-3-04" },
        { line: 3, names: ["Block B", "Level 4"], code: null },
      ],
    });
  });

  it("names the first bad line: an empty level, a sixth level, bidi or control characters", () => {
    expect(parseLocationImport("A\nA >  > B")).toMatchObject({ ok: false, line: 2, tooLarge: false });
    expect(parseLocationImport("A > B > C > D > E > F")).toMatchObject({
      ok: false,
      message: "Line 1: a path can have at most 5 levels",
    });
    expect(parseLocationImport("A\nB\nFlat \u202e3")).toMatchObject({ ok: false, line: 3 });
    expect(parseLocationImport(["ok", "bad\u0007name"])).toMatchObject({ ok: false, line: 2 });
    expect(parseLocationImport("A;co;de")).toMatchObject({ ok: true, entries: [{ names: ["A;co"], code: "de" }] });
    expect(parseLocationImport(`A > ${"x".repeat(121)}`)).toMatchObject({ ok: false, line: 1 });
  });

  it("refuses a list over 2,000 lines or 200 KB, and an empty one", () => {
    expect(parseLocationImport(Array.from({ length: 2001 }, (_, i) => `Room ${i}`))).toMatchObject({
      ok: false,
      tooLarge: true,
    });
    expect(parseLocationImport(Array.from({ length: 2000 }, (_, i) => `Room ${i}`).join("\n")).ok).toBe(true);
    expect(parseLocationImport("x".repeat(205_000))).toMatchObject({ ok: false, tooLarge: true });
    expect(parseLocationImport("\n \n")).toMatchObject({ ok: false, tooLarge: false, line: null });
  });
});
