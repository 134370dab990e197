// Kysely queries of the location tree (issue 36, migration 0033). Every location carries its
// closure rows (itself at distance 0 and each ancestor), written with it and rewritten by a move.
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, LocationRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: well under both databases' bound-parameter limits. */
const CHUNK = 400;

export const findLocation = (db: Q, workspaceId: string, id: string): Promise<LocationRow | undefined> =>
  db
    .selectFrom("locations")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

export const findProjectLocations = (db: Q, workspaceId: string, projectId: string): Promise<LocationRow[]> =>
  db
    .selectFrom("locations")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .orderBy("depth")
    .orderBy("position")
    .orderBy("id")
    .execute();

/** What the tree read answers of each location (LocationSchema), and what orders it. */
export type TreeRow = Pick<
  LocationRow,
  "id" | "parent_id" | "parent_key" | "name" | "code" | "path" | "depth" | "position" | "sheet_id"
>;

/**
 * The tree read's rows: only the columns it answers, in no order (the depth-first order is made in
 * memory, locations.tree.ts). Sorting 5,000 rows by text ids in the database cost more than the
 * rest of the read (EXPLAIN ANALYZE on the bench database).
 */
export const findTreeRows = (db: Q, workspaceId: string, projectId: string): Promise<TreeRow[]> =>
  db
    .selectFrom("locations")
    .select(["id", "parent_id", "parent_key", "name", "code", "path", "depth", "position", "sheet_id"])
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .execute();

/**
 * The tree read's rows with the project's structure version (migration 0057), in ONE statement:
 * both from one snapshot (PostgreSQL gives each statement its own; SQLite reads a statement in one
 * transaction), so the rows are exactly the locations of that version — what the kept structure is
 * stored under (decision 0089). `undefined` when the project is not the workspace's.
 */
export async function findTreeStructure(
  db: Q,
  workspaceId: string,
  projectId: string,
): Promise<{ version: number; rows: TreeRow[] } | undefined> {
  const found = await db
    .selectFrom("projects as p")
    .leftJoin("locations as l", (join) =>
      join.onRef("l.project_id", "=", "p.id").onRef("l.workspace_id", "=", "p.workspace_id"),
    )
    .select([
      "p.locations_version",
      "l.id",
      "l.parent_id",
      "l.parent_key",
      "l.name",
      "l.code",
      "l.path",
      "l.depth",
      "l.position",
      "l.sheet_id",
    ])
    .where("p.workspace_id", "=", workspaceId)
    .where("p.id", "=", projectId)
    .execute();
  if (found.length === 0) return undefined;
  const rows: TreeRow[] = [];
  for (const { locations_version: _, ...row } of found) {
    // The project's row alone (no location) joins one row of nulls.
    if (row.id !== null) rows.push(row as TreeRow);
  }
  return { version: Number(found[0]?.locations_version), rows };
}

/** The location and every location under it, top-down. */
export const findSubtree = (db: Q, id: string): Promise<LocationRow[]> =>
  db
    .selectFrom("location_closure as c")
    .innerJoin("locations as l", "l.id", "c.descendant_id")
    .selectAll("l")
    .where("c.ancestor_id", "=", id)
    .orderBy("l.depth")
    .orderBy("l.position")
    .execute();

export const findSiblings = (db: Q, projectId: string, parentKey: string): Promise<LocationRow[]> =>
  db
    .selectFrom("locations")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("parent_key", "=", parentKey)
    .orderBy("position")
    .orderBy("id")
    .execute();

export async function isUnder(db: Q, ancestorId: string, descendantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("location_closure")
    .select("distance")
    .where("ancestor_id", "=", ancestorId)
    .where("descendant_id", "=", descendantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Closure rows of a location: its ancestors with their distance, itself included at 0. */
export const findAncestors = (db: Q, id: string) =>
  db.selectFrom("location_closure").select(["ancestor_id", "distance"]).where("descendant_id", "=", id).execute();

export type ClosureRow = { ancestor_id: string; descendant_id: string; distance: number };

/** New locations with their closure rows, parents before children, in chunks. */
export async function insertLocations(db: Q, rows: readonly LocationRow[], closure: readonly ClosureRow[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("locations")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
  for (let i = 0; i < closure.length; i += CHUNK) {
    await db
      .insertInto("location_closure")
      .values(closure.slice(i, i + CHUNK))
      .execute();
  }
}

export async function updateLocation(
  db: Q,
  id: string,
  changes: Partial<Omit<LocationRow, "id" | "workspace_id" | "project_id" | "created_at" | "created_by">>,
): Promise<void> {
  await db.updateTable("locations").set(changes).where("id", "=", id).execute();
}

/**
 * A subtree moves under a new parent: its rows' links to their old ancestors go, and each node
 * gains every new ancestor (`newAncestors`: the new parent's closure, distance to the moved root).
 */
export async function relinkSubtree(
  db: Q,
  subtree: readonly { id: string; distanceFromRoot: number }[],
  newAncestors: readonly { ancestor_id: string; distance: number }[],
): Promise<void> {
  const ids = subtree.map((n) => n.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    await db
      .deleteFrom("location_closure")
      .where("descendant_id", "in", part)
      .where("ancestor_id", "not in", ids)
      .execute();
  }
  const rows = subtree.flatMap((node) =>
    newAncestors.map((a) => ({
      ancestor_id: a.ancestor_id,
      descendant_id: node.id,
      distance: a.distance + 1 + node.distanceFromRoot,
    })),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto("location_closure")
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}

/** Reports at the location or under it lose the link; answers how many did. */
export async function unlinkReportsUnder(db: Q, workspaceId: string, id: string): Promise<number> {
  const under = db.selectFrom("location_closure").select("descendant_id").where("ancestor_id", "=", id);
  const result = await db
    .updateTable("snagging_reports")
    .set({ location_id: null, version: sql`version + 1` })
    .where("workspace_id", "=", workspaceId)
    .where("location_id", "in", under)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the location; its children go with it (parent_id cascades), and their closure rows. */
export async function deleteLocationRow(db: Q, id: string): Promise<void> {
  await db.deleteFrom("locations").where("id", "=", id).execute();
}

/** Reports at one location (not under it): those open or in progress, and all. */
export type LocationCount = { location_id: string; open: number; total: number };

/**
 * Reports per location of one project, open and all: one pass over the project's reports, whatever
 * the tree's size (an index-only scan on PostgreSQL), one row a location; the roll-up to ancestors
 * is done in memory (locations.tree.ts).
 */
export async function countReportsByLocation(
  db: Q,
  workspaceId: string,
  projectId: string,
  /** Only the reports at this location or under it. */
  under?: string,
): Promise<LocationCount[]> {
  let q = db
    .selectFrom("snagging_reports")
    .select([
      "location_id",
      sql<number>`sum(case when status in (${sql.join(OPEN_STATUSES)}) then 1 else 0 end)`.as("open"),
      (eb) => eb.fn.countAll<number>().as("total"),
    ])
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .where("location_id", "is not", null);
  if (under) {
    q = q.where(
      "location_id",
      "in",
      db.selectFrom("location_closure").select("descendant_id").where("ancestor_id", "=", under),
    );
  }
  const rows = await q.groupBy("location_id").execute();
  return rows.map((r) => ({ location_id: r.location_id as string, open: Number(r.open), total: Number(r.total) }));
}

/** The statuses a location's `open` count counts. */
export const OPEN_STATUSES = ["open", "in-progress"] as const;
