import { describe, expect, it } from "vitest";
import { fitWithin } from "./compress-photo";

describe("fitWithin", () => {
  it("shrinks the long edge to 1600 keeping the aspect ratio", () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });
  it("never enlarges", () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 10)).toEqual({ width: 1600, height: 10 });
  });
  it("keeps at least one pixel on a very thin image", () => {
    expect(fitWithin(100_000, 10)).toEqual({ width: 1600, height: 1 });
  });
});
