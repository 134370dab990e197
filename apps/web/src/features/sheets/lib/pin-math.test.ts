import { describe, expect, it } from "vitest";
import {
  type Cluster,
  ClusterGrid,
  clusterCell,
  clusterLook,
  clusterPins,
  clusterStatus,
  containsRect,
  diffClusters,
  filterPins,
  NO_FILTER,
  type Pin,
  padRect,
  readingIndex,
  readingOrder,
  soloZoom,
  tileAddresses,
  toPinPosition,
} from "./pin-math";

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

describe("pins in view", () => {
  it("picks a power-of-two cell that halves when the sheet's width on screen doubles", () => {
    expect(clusterCell(28, 0)).toBe(0);
    const wide = clusterCell(28, 4000);
    expect(wide).toBe(2 ** -6); // 33.6 / 4000 = 0.0084 → 1/64
    expect(clusterCell(28, 8000)).toBe(wide / 2);
    // Within one doubling the cell holds (no regrouping on every frame of a pinch).
    expect(clusterCell(28, 4100)).toBe(wide);
  });

  it("pads the window by a share of its size on every side", () => {
    expect(padRect({ left: 0.2, top: 0.4, right: 0.4, bottom: 0.8 }, 0.5)).toEqual({
      left: 0.1,
      top: 0.2,
      right: 0.5,
      bottom: 1,
    });
  });

  it("finds the clusters in a window through the grid, edges included, as a full scan would", () => {
    const pins = Array.from({ length: 500 }, (_, n) =>
      pin(`p${n}`, ((n * 7919) % 997) / 997, ((n * 104_729) % 991) / 991),
    );
    const clusters = clusterPins(pins, 0, 1);
    const grid = new ClusterGrid(clusters, 16);
    const rect = { left: 0.25, top: 0.1, right: 0.6, bottom: 0.45 };
    const scan = clusters.filter((c) => c.x >= 0.25 && c.x <= 0.6 && c.y >= 0.1 && c.y <= 0.45);
    expect(scan.length).toBeGreaterThan(20);
    expect(
      grid
        .within(rect)
        .map((c) => c.key)
        .sort(),
    ).toEqual(scan.map((c) => c.key).sort());
    const edge = new ClusterGrid(clusterPins([pin("e", 1, 1), pin("o", 0, 0)], 0, 1), 4);
    expect(edge.within({ left: 0.9, top: 0.9, right: 1, bottom: 1 }).map((c) => c.key)).toEqual(["e"]);
    expect(edge.within({ left: 1.1, top: 0, right: 2, bottom: 1 })).toEqual([]);
    expect(edge.within({ left: -1, top: -1, right: 2, bottom: 2 })).toHaveLength(2);
  });

  it("adds what came into view and removes what left it, keeping the rest", () => {
    const [a, b, c] = clusterPins([pin("a", 0.1, 0.1), pin("b", 0.5, 0.5), pin("c", 0.9, 0.9)], 0, 1);
    const diff = diffClusters(new Set(["a", "b"]), [b, c] as Cluster[]);
    expect(diff.add.map((x) => x.key)).toEqual(["c"]);
    expect(diff.remove).toEqual(["a"]);
    expect(a?.key).toBe("a");
  });

  it("keeps a button while what it shows holds, and replaces it when its place, colour or count changes", () => {
    const pins = [pin("a", 0.1, 0.1), pin("b", 0.5, 0.5), pin("c", 0.52, 0.5)];
    const fine = clusterPins(pins, 0, 1);
    const shown = new Set(fine.map(clusterLook));
    // The same pins clustered again (a new zoom within the same grouping, a refetch): nothing to do.
    expect(
      diffClusters(
        shown,
        clusterPins(
          pins.map((p) => ({ ...p })),
          0,
          1,
        ),
        clusterLook,
      ),
    ).toEqual({
      add: [],
      remove: [],
    });
    // One pin resolved and one moved: only those two buttons are redone.
    const changed = [pin("a", 0.1, 0.1, { status: "resolved" }), pin("b", 0.6, 0.5), pin("c", 0.52, 0.5)];
    const diff = diffClusters(shown, clusterPins(changed, 0, 1), clusterLook);
    expect(diff.add.map((c) => c.key)).toEqual(["a", "b"]);
    expect(diff.remove).toEqual([clusterLook(fine[0] as Cluster), clusterLook(fine[1] as Cluster)]);
    // Zoomed out, b and c become one cluster: their two buttons give way to one.
    const coarse = clusterPins(pins, 0.25, 1);
    const regroup = diffClusters(shown, coarse, clusterLook);
    expect(regroup.add.map((c) => c.pins.map((p) => p.id))).toEqual([["b", "c"]]);
    expect(regroup.remove).toHaveLength(2);
    // A cluster's button changes with its count, and with its colour (its most urgent status).
    const [pair] = regroup.add as [Cluster];
    expect(clusterLook({ ...pair, pins: [...pair.pins, pin("d", 0.5, 0.52)] })).not.toBe(clusterLook(pair));
    expect(clusterLook({ ...pair, pins: pair.pins.map((p) => ({ ...p, status: "closed" as const })) })).not.toBe(
      clusterLook(pair),
    );
  });

  it("tells whether the view is still inside the part of the sheet the buttons were chosen for", () => {
    const window = { left: 0.1, top: 0.1, right: 0.5, bottom: 0.6 };
    expect(containsRect(window, window)).toBe(true);
    expect(containsRect(window, { left: 0.2, top: 0.2, right: 0.4, bottom: 0.5 })).toBe(true);
    expect(containsRect(window, { left: 0.2, top: 0.2, right: 0.51, bottom: 0.5 })).toBe(false);
    expect(containsRect(window, { left: 0.05, top: 0.2, right: 0.4, bottom: 0.5 })).toBe(false);
  });
});

describe("walking the pins from the keyboard", () => {
  it("orders pins top to bottom, then left to right", () => {
    const pins = [pin("c", 0.9, 0.5), pin("a", 0.2, 0.1), pin("d", 0.1, 0.9), pin("b", 0.3, 0.5)];
    expect(readingOrder(pins).map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("finds where a button goes among those shown so that Tab follows the reading order", () => {
    const shown: { x: number; y: number }[] = [];
    const spots = [pin("c", 0.9, 0.5), pin("a", 0.2, 0.1), pin("d", 0.1, 0.9), pin("b", 0.3, 0.5), pin("b2", 0.3, 0.5)];
    for (const spot of spots) shown.splice(readingIndex(shown, spot), 0, spot);
    expect(shown).toEqual(readingOrder(spots));
    expect(readingIndex([], { x: 0, y: 0 })).toBe(0);
    // An equal place goes after the ones already there (a new button does not jump the queue).
    expect(readingIndex(shown, { x: 0.3, y: 0.5 })).toBe(3);
  });

  it("zooms in by doubling until the pin is a cluster of its own, never out, and stops at the maximum", () => {
    const near = pin("near", 0.5, 0.5);
    const pins = [near, pin("close", 0.503, 0.5), pin("far", 0.1, 0.1)];
    // A 1,000 px wide view: the cell shrinks as the zoom grows.
    const cellAt = (zoom: number) => clusterCell(28, 1000 * zoom);
    const zoom = soloZoom(pins, near, 1, { from: 1, max: 64, cellAt });
    expect(zoom).toBeGreaterThan(1);
    const alone = clusterPins(pins, cellAt(zoom), 1).find((c) => c.pins.includes(near));
    expect(alone?.pins).toHaveLength(1);
    // Half that zoom still groups it with its neighbour: the smallest doubling was chosen.
    expect(clusterPins(pins, cellAt(zoom / 2), 1).find((c) => c.pins.includes(near))?.pins.length).toBeGreaterThan(1);
    expect(soloZoom(pins, pins[2] as Pin, 1, { from: 4, max: 64, cellAt })).toBe(4);
    const stacked = [near, pin("same", 0.5, 0.5)];
    expect(soloZoom(stacked, near, 1, { from: 1, max: 8, cellAt })).toBe(8);
  });
});
