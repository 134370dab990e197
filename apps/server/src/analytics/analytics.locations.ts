// The overview's by-location figures (issue 37): one level of the location tree at a time, each
// location with the open and overdue reports anywhere under it. The open reports' groups already
// carry their location; the subtrees come from the closure table (decision 0051), so the counts
// roll up in memory over a few hundred locations instead of joining every report to its ancestors.
import type { Overview } from "@sitesnag/shared/analytics";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { notFound } from "../http/errors";
import { findChildLocations, findScopedLocation, findSubtrees, type Scope } from "./analytics.repository";

type Q = Kysely<Database> | Transaction<Database>;
type Group = { location_id?: string | null; due: number; n: number };

export async function rollUpLocations(db: Q, scope: Scope, locationId: string | undefined) {
  const parent =
    locationId !== undefined && UUID_PATTERN.test(locationId) ? await findScopedLocation(db, scope, locationId) : null;
  if (locationId !== undefined && !parent) throw notFound("Location");
  const children = await findChildLocations(db, scope, parent?.id ?? null);
  const pairs = await findSubtrees(
    db,
    children.map((c) => c.id),
  );
  // Workspace-wide, a top-level name is only clear with its project's: "Block B — Level 1".
  const named = (c: (typeof children)[number]) =>
    scope.projectId === undefined ? `${c.project_name} — ${c.path}` : c.path;
  return {
    present(groups: readonly Group[]): Pick<Overview, "location" | "byLocation"> {
      const under = new Map<string, { open: number; overdue: number }>();
      for (const g of groups)
        if (g.location_id) {
          const at = under.get(g.location_id) ?? { open: 0, overdue: 0 };
          under.set(g.location_id, { open: at.open + g.n, overdue: at.overdue + (g.due === 1 ? g.n : 0) });
        }
      const totals = new Map(children.map((c) => [c.id, { open: 0, overdue: 0 }]));
      for (const p of pairs) {
        const total = totals.get(p.ancestor_id);
        const at = under.get(p.descendant_id);
        if (total && at) {
          total.open += at.open;
          total.overdue += at.overdue;
        }
      }
      return {
        location: parent ? { id: parent.id, path: parent.path, parentId: parent.parent_id } : null,
        byLocation: children.map((c) => ({
          id: c.id,
          projectId: c.project_id,
          path: named(c),
          ...(totals.get(c.id) ?? { open: 0, overdue: 0 }),
          hasChildren: Boolean(c.has_children),
        })),
      };
    },
  };
}
