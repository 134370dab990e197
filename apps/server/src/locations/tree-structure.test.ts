import { describe, expect, it } from "vitest";
import { presentLocation } from "./locations.presenter";
import type { LocationCount, TreeRow } from "./locations.repository";
import { depthFirst, rollUpCounts } from "./locations.tree";
import { StructureCache, TreeStructure } from "./tree-structure";

/** A tree of 3 blocks × 3 levels × 4 flats, siblings stored out of order, with awkward names. */
function rows(): TreeRow[] {
  const out: TreeRow[] = [];
  const grow = (parent: TreeRow | null, level: number) => {
    if (level > 3) return;
    for (let i = 3 + (level === 3 ? 1 : 0) - 1; i >= 0; i--) {
      const name = `${["Block", "Level", "Flat"][level - 1]} "${i}" é\\`;
      const row: TreeRow = {
        id: `${parent?.id ?? "L"}-${i}`,
        parent_id: parent?.id ?? null,
        parent_key: parent?.id ?? "",
        name,
        code: i % 2 ? `C${i}` : null,
        path: parent ? `${parent.path} > ${name}` : name,
        depth: level,
        position: i,
        sheet_id: i === 1 ? "sheet-1" : null,
      };
      out.push(row);
      grow(row, level + 1);
    }
  };
  grow(null, 1);
  return out;
}

describe("TreeStructure", () => {
  it("answers byte for byte what serialising the tree with its rolled-up counts makes", () => {
    const tree = rows();
    const counts: LocationCount[] = [
      { location_id: "L-0-1-2", open: 2, total: 5 },
      { location_id: "L-0-1", open: 1, total: 1 },
      { location_id: "L-2", open: 0, total: 7 },
      // Counts of several digits, written into the answer's bytes one by one.
      { location_id: "L-1-2-3", open: 10, total: 1_234_567_890 },
      { location_id: "L-1-2-0", open: 99, total: 100 },
      // A location not in this structure (made since) counts nowhere.
      { location_id: "gone", open: 3, total: 3 },
    ];
    const rolled = rollUpCounts(tree, counts);
    const expected = JSON.stringify({
      locations: depthFirst(tree).map(({ row, order }) => presentLocation(row, order, rolled.get(row.id))),
    });
    const structure = new TreeStructure(7, tree);
    expect(structure.answer(counts).toString()).toBe(expected);
    expect(JSON.parse(structure.answer(counts).toString()).locations[0].reportCounts).toEqual({ open: 3, total: 6 });
    expect(structure.answer([]).toString()).toBe(
      JSON.stringify({ locations: depthFirst(tree).map(({ row, order }) => presentLocation(row, order, undefined)) }),
    );
    expect(new TreeStructure(1, []).answer([]).toString()).toBe('{"locations":[]}');
  });
});

describe("StructureCache", () => {
  it("keeps the latest version of each project, answers only that version, drops the least recent past its size", () => {
    const tree = rows();
    const one = new TreeStructure(1, tree);
    const cache = new StructureCache(one.bytes * 2);
    cache.set("p", one);
    expect(cache.get("p", 1)).toBe(one);
    expect(cache.get("p", 2)).toBeUndefined();
    const two = new TreeStructure(2, tree);
    cache.set("p", two);
    // An older version read late (a slow reader) never replaces a newer one.
    cache.set("p", new TreeStructure(1, tree));
    expect(cache.get("p", 1)).toBeUndefined();
    expect(cache.get("p", 2)).toBe(two);
    cache.set("q", new TreeStructure(1, tree));
    cache.set("r", new TreeStructure(1, tree));
    expect(cache.get("p", 2)).toBeUndefined();
    expect(cache.get("r", 1)).toBeDefined();
  });
});
