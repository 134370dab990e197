import {
  MAX_LOCATION_DEPTH as SHARED_MAX_DEPTH,
  MAX_LOCATION_NAME_LENGTH as SHARED_MAX_NAME,
} from "@sitesnag/shared/locations";
import { describe, expect, it } from "vitest";
import {
  branchHeight,
  branchIds,
  childrenByParent,
  type LocationItem,
  levelOf,
  MAX_LOCATION_DEPTH,
  MAX_LOCATION_NAME,
  moveTargets,
  newLocationOffers,
  pendingItems,
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

describe("newLocationOffers", () => {
  const at = (id: string, parentId: string | null, path: string, depth: number) => ({
    id,
    parentId,
    name: path.split(" > ").at(-1) as string,
    code: null,
    path,
    depth,
    order: 0,
    sheetId: null,
    reportCounts: { open: 0, total: 0 },
  });
  const list = [
    at("b", null, "Block B", 1),
    at("l3", "b", "Block B > Level 3", 2),
    at("f4", "l3", "Block B > Level 3 > Flat 3.04", 3),
    at("k4", "f4", "Block B > Level 3 > Flat 3.04 > Kitchen", 4),
    at("f5", "l3", "Block B > Level 3 > Flat 3.05", 3),
    at("deep", "k4", "Block B > Level 3 > Flat 3.04 > Kitchen > Sink", 5),
  ];
  const shown = (query: string, context: string | null) =>
    newLocationOffers(list, query, list.find((l) => l.id === context) ?? null).map(
      (o) => `${o.parent?.path ?? "(top)"} + ${o.name}`,
    );

  it("offers a new name inside the chosen location, then at the top level", () => {
    expect(shown("  Store ", "f5")).toEqual(["Block B > Level 3 > Flat 3.05 + Store", "(top) + Store"]);
    expect(shown("Store", null)).toEqual(["(top) + Store"]);
    expect(shown("   ", "f5")).toEqual([]);
  });

  it("never a name a sibling has (any case), nor at the top a name the tree has; every flat may have its Kitchen", () => {
    expect(shown("kitchen", "f4")).toEqual([]);
    expect(shown("KITCHEN", "f5")).toEqual(["Block B > Level 3 > Flat 3.05 + KITCHEN"]);
    expect(shown("block b", null)).toEqual([]);
    // "Flat 3.05" exists as a flat: not offered as a room inside a kitchen.
    expect(shown("flat 3.05", "k4")).toEqual([]);
    expect(shown("Kitchen", null)).toEqual([]);
  });

  it("a typed path puts the last level inside the location the rest names; never a sixth level", () => {
    expect(shown("Flat 3.05 > Utility", null)).toEqual(["Block B > Level 3 > Flat 3.05 + Utility"]);
    expect(shown("block b > level 3 > Lobby", "f4")).toEqual(["Block B > Level 3 + Lobby"]);
    expect(shown("Nowhere > Lobby", null)).toEqual([]);
    expect(shown("Flat 3.05 > ", null)).toEqual([]);
    expect(shown("Store", "deep")).toEqual(["(top) + Store"]);
    expect(shown("x".repeat(121), null)).toEqual([]);
  });
});

describe("pendingItems", () => {
  it("lists locations typed offline under their parents' paths, a pending parent's child too", () => {
    const tree = [
      {
        id: "f",
        parentId: null,
        name: "Flat",
        code: null,
        path: "Flat",
        depth: 1,
        order: 0,
        sheetId: null,
        reportCounts: { open: 0, total: 0 },
      },
    ];
    const items = pendingItems(tree, [
      { id: "u", parentId: "f", name: "Utility" },
      { id: "c", parentId: "u", name: "Cupboard" },
      { id: "lost", parentId: "gone", name: "Lost" },
    ]);
    expect(items.map((i) => `${i.path}@${i.depth}`)).toEqual(["Flat > Utility@2", "Flat > Utility > Cupboard@3"]);
  });
});

it("keeps the picker's name limit equal to shared's", () => {
  expect(MAX_LOCATION_NAME).toBe(SHARED_MAX_NAME);
});
