import { describe, expect, it } from "vitest";
import { neutraliseCell } from "./csv";

describe("CSV formula neutralisation", () => {
  it.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "=cmd|' /C calc'!A0", "-2+3", "\r=1"])(
    "neutralises %j",
    (value) => {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    },
  );

  it.each(["Sam", "12.50", "a=b", "", "O'Brien", "1+1", " =1", "'quoted"])("leaves %j alone", (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});
