import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutraliseCell } from "./csv";

describe("CSV cells", () => {
  it.each(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])("neutralises %j", (value) => {
    expect(neutraliseCell(value)).toBe(`'${value}`);
  });

  it("leaves ordinary text and numbers alone", () => {
    expect(csvCell("Sam")).toBe("Sam");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and line breaks", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvRow(["=cmd|' /C calc'!A0", "x"])).toBe("'=cmd|' /C calc'!A0,x\r\n");
  });
});
