import { describe, expect, it } from "vitest";
import { formatCoordinate, mapsUrl } from "./location";

describe("formatCoordinate", () => {
  it.each([
    [53.4723456, "53.472346"],
    [-2.2451234, "-2.245123"],
    [0, "0.000000"],
    [-0, "0.000000"],
    [90, "90.000000"],
    [-180, "-180.000000"],
    [1e-7, "0.000000"],
  ])("%s → %s", (value, text) => {
    expect(formatCoordinate(value)).toBe(text);
  });
});

describe("mapsUrl", () => {
  it("searches the point with the shown precision", () => {
    expect(mapsUrl(51.5007292, -0.1246254)).toBe("https://www.google.com/maps/search/?api=1&query=51.500729,-0.124625");
  });
});
