import { describe, expect, it } from "vitest";
import { clusterPins, clusterStatus, filterPins, NO_FILTER, type Pin, tileAddresses, toPinPosition } from "./pin-math";

const pin = (id: string, x: number, y: number, over: Partial<Pin> = {}): Pin => ({
  id,
  title: id,
  status: "open",
  priority: "high",
  assignedTo: null,
  x,
  y,
  ...over,
});

describe("pin maths", () => {
  it("turns an image point into a position in 0–1, or null off the sheet", () => {
    expect(toPinPosition({ x: 500, y: 250 }, { width: 1000, height: 1000 })).toEqual({ x: 0.5, y: 0.25 });
    expect(toPinPosition({ x: 333.33333, y: 0 }, { width: 1000, height: 10 })).toEqual({ x: 0.3333, y: 0 });
    expect(toPinPosition({ x: -1, y: 5 }, { width: 10, height: 10 })).toBeNull();
    expect(toPinPosition({ x: 5, y: 11 }, { width: 10, height: 10 })).toBeNull();
  });

  it("filters by status, priority and assignee (none = unassigned)", () => {
    const pins = [
      pin("a", 0, 0),
      pin("b", 0, 0, { status: "closed", assignedTo: "u1" }),
      pin("c", 0, 0, { priority: "low" }),
    ];
    expect(filterPins(pins, NO_FILTER).map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(filterPins(pins, { ...NO_FILTER, status: "closed" }).map((p) => p.id)).toEqual(["b"]);
    expect(filterPins(pins, { ...NO_FILTER, priority: "low" }).map((p) => p.id)).toEqual(["c"]);
    expect(filterPins(pins, { ...NO_FILTER, assignee: "none" }).map((p) => p.id)).toEqual(["a", "c"]);
    expect(filterPins(pins, { ...NO_FILTER, assignee: "u1" }).map((p) => p.id)).toEqual(["b"]);
  });

  it("clusters pins sharing a grid cell at their mean, coloured by the most urgent status", () => {
    const pins = [pin("a", 0.01, 0.01, { status: "closed" }), pin("b", 0.03, 0.03), pin("c", 0.9, 0.9)];
    const clusters = clusterPins(pins, 0.05, 1);
    expect(clusters.map((c) => c.pins.map((p) => p.id))).toEqual([["a", "b"], ["c"]]);
    expect(clusters[0]?.x).toBeCloseTo(0.02);
    expect(clusters[1]?.key).toBe("c");
    expect(clusterStatus(clusters[0]?.pins ?? [])).toBe("open");
    expect(clusterPins(pins, 0, 1)).toHaveLength(3);
  });

  it("lists every tile of a pyramid as the server stores them", () => {
    const tiles = tileAddresses("/t/{level}/{col}-{row}.jpg", 600, 300, 256);
    // Levels 0–10 (2^10 = 1024 ≥ 600): one tile each up to level 8, 2 × 1 at 9, 3 × 2 at the top.
    expect(tiles).toContain("/t/10/2-1.jpg");
    expect(tiles).not.toContain("/t/10/3-0.jpg");
    expect(tiles.filter((t) => t.startsWith("/t/0/"))).toEqual(["/t/0/0-0.jpg"]);
    expect(tiles).toHaveLength(9 + 2 + 6);
  });
});
