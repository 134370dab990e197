// The tree's shape computed from its rows, pure: the depth-first order the API answers, each
// location's position among its siblings, and report counts rolled up from a location to every
// location above it (a floor counts the reports of all its flats).
import { LOCATION_PATH_SEPARATOR } from "@sitesnag/shared/locations";
import type { LocationRow } from "../db/schema";
import type { LocationCount } from "./locations.repository";

/** What ordering and rolling up need of a location row. */
type Node = Pick<LocationRow, "id" | "parent_id" | "parent_key" | "position">;

export type Counts = { open: number; total: number };

const bySiblingOrder = (a: Node, b: Node) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Children of each parent (key "" for the top level), in sibling order. */
export function childrenByParent<R extends Node>(rows: readonly R[]): Map<string, R[]> {
  const children = new Map<string, R[]>();
  for (const row of rows) {
    const list = children.get(row.parent_key);
    if (list) list.push(row);
    else children.set(row.parent_key, [row]);
  }
  for (const list of children.values()) list.sort(bySiblingOrder);
  return children;
}

/** Rows depth-first from `rootKey`'s children ("" = the whole tree), each with its sibling index. */
export function depthFirst<R extends Node>(rows: readonly R[], rootKey = ""): { row: R; order: number }[] {
  const children = childrenByParent(rows);
  const out: { row: R; order: number }[] = [];
  const visit = (key: string) => {
    for (const [order, row] of (children.get(key) ?? []).entries()) {
      out.push({ row, order });
      visit(row.id);
    }
  };
  visit(rootKey);
  return out;
}

/** Report counts per location including everything under it. */
export function rollUpCounts(rows: readonly Node[], counts: readonly LocationCount[]): Map<string, Counts> {
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const out = new Map<string, Counts>(rows.map((r) => [r.id, { open: 0, total: 0 }]));
  for (const c of counts) {
    // Walk up at most the tree's depth; a link to a location no longer in the tree counts nowhere.
    let id: string | null | undefined = c.location_id;
    while (id) {
      const entry = out.get(id);
      if (!entry) break;
      entry.total += c.total;
      entry.open += c.open;
      id = parentOf.get(id);
    }
  }
  return out;
}

/**
 * New path and depth of each location of a subtree whose root now has `rootPath`/`rootDepth`:
 * `subtree` top-down (the root first).
 */
export function rewritePaths(
  subtree: readonly LocationRow[],
  root: { id: string; path: string; depth: number },
): Map<string, { path: string; depth: number }> {
  const out = new Map<string, { path: string; depth: number }>([[root.id, { path: root.path, depth: root.depth }]]);
  for (const row of subtree) {
    if (row.id === root.id) continue;
    const parent = row.parent_id ? out.get(row.parent_id) : undefined;
    if (!parent) continue;
    out.set(row.id, { path: `${parent.path}${LOCATION_PATH_SEPARATOR}${row.name}`, depth: parent.depth + 1 });
  }
  return out;
}
