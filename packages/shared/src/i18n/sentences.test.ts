import { describe, expect, it } from "vitest";
import { sentenceMatcher } from "./sentences";

describe("sentenceMatcher", () => {
  const match = sentenceMatcher([
    ["validation.emailRequired", "Email is required"],
    ["validation.passwordMin", "Password must be at least {min} characters"],
    ["validation.between", "Choose between {low} and {high} (a {kind})"],
    ["validation.plural", "{count, plural, one {# file} other {# files}}"],
  ]);

  it("reads a sentence word for word", () => {
    expect(match("Email is required")).toEqual({ id: "validation.emailRequired", values: {} });
  });

  it("reads placeholders back, numbers as numbers so a plural can choose its form", () => {
    expect(match("Password must be at least 12 characters")).toEqual({
      id: "validation.passwordMin",
      values: { min: 12 },
    });
    expect(match("Choose between 1 and 5 (a score.)")).toEqual({
      id: "validation.between",
      values: { low: 1, high: 5, kind: "score." },
    });
  });

  it("leaves an unknown sentence, a near miss and a plural message unmatched", () => {
    expect(match("Email is required.")).toBeUndefined();
    expect(match("Password must be at least characters")).toBeUndefined();
    expect(match("3 files")).toBeUndefined();
    // Regex characters in the English are literal.
    expect(sentenceMatcher([["x", "Total (a+b) is {n}"]])("Total (aab) is 3")).toBeUndefined();
  });
});
