import { describe, expect, it } from "vitest";
import {
  BROKEN_CHARACTERS_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  DIRECTION_CONTROLS_MESSAGE,
  hasUnpairedSurrogates,
  plainString,
} from "./text";

const messages = (value: string) => {
  const result = plainString().safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("plainString", () => {
  it("accepts any script, emoji (surrogate pairs) and the direction marks right-to-left text needs", () => {
    for (const value of [
      "Block B",
      "Zürich Süd",
      "北京 现场",
      "שלום \u200Fעולם",
      "مرحبا\u061C",
      "👷‍♀️ Site 🏗️",
      "a\tb\nc",
    ]) {
      expect(messages(value), value).toEqual([]);
    }
  });

  it("refuses an unpaired surrogate, either half, anywhere, with a sentence", () => {
    for (const value of ["\uD800", "a\uDC00", "x\uD83Dy", "👷\uD83D", "\uDE00👷"]) {
      expect(messages(value), JSON.stringify(value)).toEqual([BROKEN_CHARACTERS_MESSAGE]);
    }
    expect(hasUnpairedSurrogates("👷👷")).toBe(false);
  });

  it("refuses bidi embeddings, overrides and isolates such as U+202E", () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const value = `Invoice${String.fromCharCode(code)}fdp.exe`;
      expect(messages(value), code.toString(16)).toEqual([DIRECTION_CONTROLS_MESSAGE]);
    }
  });

  it("still refuses control characters, and says each problem once", () => {
    expect(messages("a\u0000b")).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(messages("\u0007\uD800\u202E")).toEqual([
      CONTROL_CHARACTERS_MESSAGE,
      BROKEN_CHARACTERS_MESSAGE,
      DIRECTION_CONTROLS_MESSAGE,
    ]);
  });
});
