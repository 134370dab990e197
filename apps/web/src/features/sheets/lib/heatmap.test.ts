import { describe, expect, it } from "vitest";
import { ageBand, heatCounts, heatGrid, heatPixels } from "./heatmap";
import type { Pin } from "./pin-math";

const DAY = 86_400;
const NOW = 1_800_000_000;
const pin = (over: Partial<Pin>): Pin => ({
  id: Math.random().toString(36),
  title: "SNAG",
  status: "open",
  priority: "low",
  assignedTo: null,
  x: 0.5,
  y: 0.5,
  createdAt: NOW,
  ...over,
});

describe("plan heatmap", () => {
  it("puts ages in the overview's bands: 0–7, 8–30, 31–90, over 90 days", () => {
    expect(ageBand(NOW - 7 * DAY, NOW)).toBe("week");
    expect(ageBand(NOW - 8 * DAY, NOW)).toBe("month");
    expect(ageBand(NOW - 30 * DAY - 3600, NOW)).toBe("month");
    expect(ageBand(NOW - 31 * DAY, NOW)).toBe("quarter");
    expect(ageBand(NOW - 90 * DAY, NOW)).toBe("quarter");
    expect(ageBand(NOW - 91 * DAY, NOW)).toBe("older");
    expect(ageBand(NOW + DAY, NOW)).toBe("week");
  });

  it("counts every pin by status, and only open work by age", () => {
    const pins = [
      pin({ status: "open" }),
      pin({ status: "in-progress", createdAt: NOW - 40 * DAY }),
      pin({ status: "resolved", createdAt: NOW - 200 * DAY }),
      pin({ status: "closed" }),
      pin({ status: "open", createdAt: NOW - 100 * DAY }),
    ];
    expect(heatCounts(pins, "status", NOW)).toEqual([2, 1, 1, 1]);
    expect(heatCounts(pins, "age", NOW)).toEqual([1, 0, 1, 1]);
  });

  it("is densest where pins crowd, coloured by the class that weighs most there, empty far away", () => {
    const crowd = [0.2, 0.21, 0.22].map((x) => pin({ x, y: 0.2, status: "open" }));
    const lone = pin({ x: 0.8, y: 0.8, status: "resolved" });
    const grid = heatGrid([...crowd, lone], "status", NOW, { cols: 50, aspect: 1, radius: 3 });
    const cellAt = (x: number, y: number) => Math.floor(y * grid.rows) * grid.cols + Math.floor(x * grid.cols);
    const crowdCell = cellAt(0.21, 0.2);
    const loneCell = cellAt(0.8, 0.8);
    expect(grid.density[crowdCell]).toBeGreaterThan(2 * (grid.density[loneCell] ?? 0));
    expect(grid.dominant[crowdCell]).toBe(0); // open
    expect(grid.dominant[loneCell]).toBe(2); // resolved
    expect(grid.dominant[cellAt(0.5, 0.5)]).toBe(-1);
    const pixels = heatPixels(grid, "status");
    expect(pixels[crowdCell * 4 + 3]).toBeGreaterThan(pixels[loneCell * 4 + 3] ?? 0);
    expect([...pixels.slice(crowdCell * 4, crowdCell * 4 + 3)]).toEqual([0xdc, 0x26, 0x26]);
    expect(pixels[cellAt(0.5, 0.5) * 4 + 3]).toBe(0);
  });

  it("follows the sheet's shape and leaves a sheet without pins clear", () => {
    const grid = heatGrid([], "age", NOW, { cols: 40, aspect: 0.5 });
    expect([grid.cols, grid.rows, grid.max]).toEqual([40, 20, 0]);
    expect(heatPixels(grid, "age").every((v) => v === 0)).toBe(true);
  });
});
