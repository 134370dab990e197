// Pure logic over a project's location tree as GET /api/projects/{id}/locations answers it (a flat
// list, depth first): children per parent, a branch's ids, where a location may move to, and the
// picker's search. No React, no fetch: unit-tested (location-tree.test.ts).

import type { Location } from "@sitesnag/shared/locations";

/** A location as the API answers it (issue 36's contract, shared/locations.ts). */
export type LocationItem = Location;

/**
 * Issue 36: a tree is at most five levels deep. Shared's MAX_LOCATION_DEPTH, kept here so the
 * picker's chunk does not import the zod schemas beside it (a unit test keeps the two equal).
 */
export const MAX_LOCATION_DEPTH = 5;

/** The children of every parent (`null`: the top level), each list in its sibling order. */
export function childrenByParent(list: readonly LocationItem[]): Map<string | null, LocationItem[]> {
  const map = new Map<string | null, LocationItem[]>();
  for (const item of list) {
    const siblings = map.get(item.parentId) ?? [];
    siblings.push(item);
    map.set(item.parentId, siblings);
  }
  for (const siblings of map.values()) siblings.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  return map;
}

/** The location and everything under it. */
export function branchIds(list: readonly LocationItem[], rootId: string): Set<string> {
  const children = childrenByParent(list);
  const out = new Set<string>();
  const walk = (id: string) => {
    if (out.has(id)) return;
    out.add(id);
    for (const child of children.get(id) ?? []) walk(child.id);
  };
  walk(rootId);
  return out;
}

/** Levels from the location down to its deepest descendant (1 for a leaf). */
export function branchHeight(list: readonly LocationItem[], rootId: string): number {
  const children = childrenByParent(list);
  const height = (id: string, seen: Set<string>): number => {
    if (seen.has(id)) return 0;
    seen.add(id);
    return 1 + Math.max(0, ...(children.get(id) ?? []).map((c) => height(c.id, seen)));
  };
  return height(rootId, new Set());
}

/** Level of a location from the top (1 for a top-level one), from its parents. */
export function levelOf(list: readonly LocationItem[], id: string): number {
  const byId = new Map(list.map((l) => [l.id, l]));
  let level = 0;
  let current = byId.get(id);
  const seen = new Set<string>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    level += 1;
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return level;
}

/**
 * Where `id` may move: never under itself or its own branch, never so deep that its branch passes
 * the fifth level, never where it already is. `null` (the top level) is offered when allowed.
 */
export function moveTargets(list: readonly LocationItem[], id: string): (LocationItem | null)[] {
  const self = list.find((l) => l.id === id);
  if (!self) return [];
  const branch = branchIds(list, id);
  const height = branchHeight(list, id);
  const targets: (LocationItem | null)[] = self.parentId === null ? [] : [null];
  for (const item of list) {
    if (branch.has(item.id) || item.id === self.parentId) continue;
    if (levelOf(list, item.id) + height <= MAX_LOCATION_DEPTH) targets.push(item);
  }
  return targets;
}

/** Lower case without accents, so "lazienka" finds "Łazienka" and "cozinha" "Cozinha". */
export const foldText = (text: string): string =>
  text.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").replace(/Ł/g, "L").toLowerCase();

/**
 * The picker's choices for what was typed: every word must appear in the path or the code.
 * Recently used locations come first (most recent first), then those whose own name starts with
 * the query, then the tree's order.
 */
export function searchLocations(
  list: readonly LocationItem[],
  query: string,
  recentIds: readonly string[] = [],
  limit = 50,
): LocationItem[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const q = words.join(" ");
  const rank = (item: LocationItem, index: number): [number, number, number] => {
    const recent = recentIds.indexOf(item.id);
    const prefix = q !== "" && foldText(item.name).startsWith(q) ? 0 : 1;
    return [recent === -1 ? recentIds.length : recent, prefix, index];
  };
  return list
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => {
      const haystack = foldText(`${item.path} ${item.code ?? ""}`);
      return words.every((w) => haystack.includes(w));
    })
    .map(({ item, index }) => ({ item, key: rank(item, index) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
    .slice(0, limit)
    .map(({ item }) => item);
}

/** Issue 36: a location's name is 1–120 characters (shared's MAX_LOCATION_NAME, kept here for the chunk). */
export const MAX_LOCATION_NAME = 120;
const PATH_SEPARATOR = " > ";
/** As the server compares sibling names (shared/location-import.ts `siblingKey`). */
const nameKey = (name: string) => name.normalize("NFC").toLocaleLowerCase("en-GB");

export type NewLocationOffer = { name: string; parent: LocationItem | null };

/**
 * What the picker offers to add for what was typed when no location has that name: the name
 * inside the location chosen now (when it may hold one more level), then at the top level. A typed
 * path (`Flat 3.04 > Store`, or the full path) puts the last level inside the location the rest
 * names. Never a name a sibling already has (as the server compares them), never past level five;
 * a name the tree has already only where it would sit at the same level as there.
 */
export function newLocationOffers(
  list: readonly LocationItem[],
  query: string,
  context: LocationItem | null,
): NewLocationOffer[] {
  const typed = query.trim();
  if (typed === "") return [];
  let name = typed;
  let parents: (LocationItem | null)[] = context ? [context, null] : [null];
  if (typed.includes(PATH_SEPARATOR.trim())) {
    const parts = typed.split(">").map((p) => p.trim());
    name = parts.pop() ?? "";
    const wanted = foldText(parts.join(PATH_SEPARATOR));
    const parent =
      list.find((l) => foldText(l.path) === wanted) ??
      list.find((l) => foldText(l.path).endsWith(`${PATH_SEPARATOR}${wanted}`) || foldText(l.name) === wanted);
    if (!parent || parts.some((p) => p === "")) return [];
    parents = [parent];
  }
  if (name === "" || name.length > MAX_LOCATION_NAME) return [];
  const key = nameKey(name);
  // A name the tree has already is most likely that location: offered again only inside a chosen
  // location where it would sit at the level it has elsewhere (every flat has its Kitchen), never
  // at the top level, and never "Flat 3.05" inside a Kitchen.
  const levels = new Set(list.filter((l) => nameKey(l.name) === key).map((l) => l.depth));
  if (levels.size > 0 && !typed.includes(">")) parents = parents.filter((p) => p !== null && levels.has(p.depth + 1));
  return parents
    .filter((parent) => (parent?.depth ?? 0) < MAX_LOCATION_DEPTH)
    .filter((parent) => !list.some((l) => l.parentId === (parent?.id ?? null) && nameKey(l.name) === key))
    .map((parent) => ({ name, parent }));
}

/** A location typed on this device and not made on the server yet, as the picker lists it. */
export function pendingItems(
  list: readonly LocationItem[],
  pending: readonly { id: string; parentId: string | null; name: string }[],
): LocationItem[] {
  const known = new Map(list.map((l) => [l.id, l]));
  const out: LocationItem[] = [];
  for (const p of pending) {
    if (known.has(p.id)) continue;
    const parent = p.parentId ? known.get(p.parentId) : undefined;
    if (p.parentId && !parent) continue; // its parent went: not offered
    const item: LocationItem = {
      id: p.id,
      parentId: p.parentId,
      name: p.name,
      code: null,
      path: parent ? `${parent.path}${PATH_SEPARATOR}${p.name}` : p.name,
      depth: (parent?.depth ?? 0) + 1,
      order: Number.MAX_SAFE_INTEGER,
      sheetId: null,
      reportCounts: { open: 0, total: 0 },
    };
    known.set(p.id, item);
    out.push(item);
  }
  return out;
}
