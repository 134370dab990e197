import { MAX_LOCATION_DEPTH as SHARED_MAX_DEPTH } from "@sitesnag/shared/locations";
import { describe, expect, it } from "vitest";
import {
  branchHeight,
  branchIds,
  childrenByParent,
  type LocationItem,
  levelOf,
  MAX_LOCATION_DEPTH,
  moveTargets,
  searchLocations,
} from "./location-tree";

let order = 0;
const loc = (id: string, parentId: string | null, name: string, path: string, code: string | null = null) =>
  ({
    id,
    parentId,
    name,
    code,
    path,
    depth: path.split(" > ").length,
    order: order++,
    sheetId: null,
    reportCounts: { open: 0, total: 0 },
  }) satisfies LocationItem;

const tree: LocationItem[] = [
  loc("b", null, "Block B", "Block B", "B"),
  loc("l3", "b", "Level 3", "Block B > Level 3", "B-3"),
  loc("f304", "l3", "Flat 3.04", "Block B > Level 3 > Flat 3.04", "B-3-04"),
  loc("k", "f304", "Kitchen", "Block B > Level 3 > Flat 3.04 > Kitchen"),
  loc("bath", "f304", "Łazienka", "Block B > Level 3 > Flat 3.04 > Łazienka"),
  loc("l4", "b", "Level 4", "Block B > Level 4"),
  loc("a", null, "Block A", "Block A"),
];

describe("location tree", () => {
  it("has the server's depth limit", () => expect(MAX_LOCATION_DEPTH).toBe(SHARED_MAX_DEPTH));

  it("groups children under their parent in sibling order", () => {
    const map = childrenByParent(tree);
    expect(map.get(null)?.map((l) => l.id)).toEqual(["b", "a"]);
    expect(map.get("f304")?.map((l) => l.id)).toEqual(["k", "bath"]);
  });

  it("a branch holds the location and everything under it", () => {
    expect([...branchIds(tree, "l3")].sort()).toEqual(["bath", "f304", "k", "l3"]);
    expect(branchHeight(tree, "l3")).toBe(3);
    expect(branchHeight(tree, "k")).toBe(1);
    expect(levelOf(tree, "k")).toBe(4);
  });

  it("never offers a move under itself, to where it is, or past the fifth level", () => {
    const ids = moveTargets(tree, "l3").map((t) => t?.id ?? null);
    expect(ids).toContain(null);
    expect(ids).toContain("a");
    expect(ids).toContain("l4"); // Level 3's branch is 3 high: under Level 4 it ends on level 5.
    expect(ids).not.toContain("l3");
    expect(ids).not.toContain("f304");
    expect(ids).not.toContain("k");
    expect(ids).not.toContain("b"); // already its parent
    // Flat 3.04's branch is 2 high: under the kitchen (level 4) it would reach level 6.
    expect(moveTargets(tree, "f304").map((t) => t?.id ?? null)).not.toContain("bath");
    expect(moveTargets(tree, "b")).not.toContain(null); // already at the top
  });
});

describe("picker search", () => {
  it("matches every word in the path or code, ignoring case and accents", () => {
    expect(searchLocations(tree, "lazienka").map((l) => l.id)).toEqual(["bath"]);
    expect(searchLocations(tree, "3.04 kitchen").map((l) => l.id)).toEqual(["k"]);
    expect(searchLocations(tree, "b-3-04").map((l) => l.id)).toEqual(["f304"]);
    expect(searchLocations(tree, "nowhere")).toEqual([]);
  });

  it("puts recent locations first, then names starting with the query, then tree order", () => {
    expect(searchLocations(tree, "", ["k", "a"]).map((l) => l.id)).toEqual(["k", "a", "b", "l3", "f304", "bath", "l4"]);
    // "level" starts Level 3's and Level 4's names; the flats under Level 3 only contain it in their path.
    expect(searchLocations(tree, "level").map((l) => l.id)).toEqual(["l3", "l4", "f304", "k", "bath"]);
    expect(searchLocations(tree, "level", ["bath"]).map((l) => l.id)[0]).toBe("bath");
    expect(searchLocations(tree, "", [], 2)).toHaveLength(2);
  });
});
