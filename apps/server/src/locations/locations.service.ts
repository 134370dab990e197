// The location tree's use cases (issue 36): each checks the workspace first (another workspace's
// project or location answers 404 like an unknown id), then changes the tree in one transaction.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import {
  LOCATION_NOT_FOUND,
  type Location,
  type LocationCreate,
  type LocationDeleteResult,
  type LocationList,
  type LocationLookup,
  MAX_LOCATION_DEPTH,
} from "@sitesnag/shared/locations";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, LocationRow, ProjectRow, UserRow } from "../db/schema";
import { AppError, badRequest, notFound } from "../http/errors";
import { newId } from "../ids";
import { findProject } from "../projects/projects.repository";
import { nowSeconds } from "../time";
import { findWorkspaceLocation } from "./locations.access";
import { presentLocation } from "./locations.presenter";
import {
  countReportsByLocation,
  deleteLocationRow,
  findAncestors,
  findSiblings,
  findTreeRows,
  findTreeStructure,
  insertLocations,
  unlinkReportsUnder,
} from "./locations.repository";
import {
  asSiblingConflict,
  checkRoomFor,
  childPath,
  duplicateSibling,
  lockProjectTree,
  nameKeyOf,
  PARENT_NOT_FOUND,
  requireSheetOfProject,
  tooDeep,
} from "./locations.rules";
import { depthFirst, rollUpCounts } from "./locations.tree";
import type { TreeCache } from "./tree-cache";
import { type StructureCache, TreeStructure } from "./tree-structure";

type Db = AppContext["db"] | Transaction<Database>;

export async function requireProject(ctx: AppContext, user: UserRow, id: string): Promise<ProjectRow> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row;
}

export async function requireLocation(db: Db, user: UserRow, id: string): Promise<LocationRow> {
  const row = await findWorkspaceLocation(db, user, id);
  if (!row) throw new AppError(404, LOCATION_NOT_FOUND);
  return row;
}

/** One location as answered: its place among its siblings and its reports, everything under it included. */
export async function answerLocation(db: Db, user: UserRow, row: LocationRow): Promise<Location> {
  const siblings = await findSiblings(db, row.project_id, row.parent_key);
  const counts = await countReportsByLocation(db, user.workspace_id, row.project_id, row.id);
  const subtree = counts.length === 0 ? [row] : await findTreeRows(db, user.workspace_id, row.project_id);
  const order = Math.max(
    0,
    siblings.findIndex((s) => s.id === row.id),
  );
  return presentLocation(row, order, rollUpCounts(subtree, counts).get(row.id));
}

/** GET /api/projects/{id}/locations: the whole tree, depth-first, with report counts. */
export async function listLocations(ctx: AppContext, user: UserRow, projectId: string): Promise<LocationList> {
  return listTree(ctx, user, await requireProject(ctx, user, projectId));
}

async function listTree(ctx: AppContext, user: UserRow, project: ProjectRow): Promise<LocationList> {
  // Both reads at once (two pooled connections on PostgreSQL): neither waits for the other.
  const [rows, byLocation] = await Promise.all([
    findTreeRows(ctx.db, user.workspace_id, project.id),
    countReportsByLocation(ctx.db, user.workspace_id, project.id),
  ]);
  const counts = rollUpCounts(rows, byLocation);
  return { locations: depthFirst(rows).map(({ row, order }) => presentLocation(row, order, counts.get(row.id))) };
}

/** Bumped when the tree's answer changes shape, so no device keeps a tree in the old one. */
const TREE_FORMAT = 1;

/**
 * GET /api/projects/{id}/locations as sent: the answer serialised once (5,000 locations are ~1.3 MB,
 * and the zod check of the response schema cost more than the SQL), with a strong ETag made from
 * the project's tree version (migration 0047: triggers bump it with every change to the tree or its
 * counts). The version is read before the tree, so an answer is never older than its tag. A device
 * whose tag is current is answered 304 (`body` null) after reading the project's row only.
 * A tree not answered yet under this tag reads the counts and splices them into the project's
 * locations kept for its structure version (decision 0089), read only when that version is not kept.
 */
export async function readLocationTree(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  knownTags: readonly string[] = [],
  cache?: TreeCache,
  /** Milliseconds per stage, filled in as they end (the route's Server-Timing header). */
  timings?: TreeTimings,
): Promise<{ etag: string; body: Buffer | null }> {
  const started = performance.now();
  const project = await requireProject(ctx, user, projectId);
  const etag = `"tree-${TREE_FORMAT}-${project.id}-${project.tree_version}"`;
  if (timings) timings.project = performance.now() - started;
  if (knownTags.includes(etag)) return { etag, body: null };
  const kept = cache?.get(etag);
  if (kept !== undefined) return { etag, body: kept };
  // Both reads at once (two pooled connections on PostgreSQL). Each is read after the tag, so the
  // answer is never older than it; a structure kept for the version read with the tag is that
  // version's locations exactly (stored under the version read in the same statement as its rows).
  const since = (t0: number) => () => performance.now() - t0;
  const reads = since(performance.now());
  const [structure, counts] = await Promise.all([
    treeStructure(ctx, user, project, cache?.structures).then((s) => {
      if (timings) timings.structure = reads();
      return s;
    }),
    countReportsByLocation(ctx.db, user.workspace_id, project.id).then((c) => {
      if (timings) timings.counts = reads();
      return c;
    }),
  ]);
  const splicing = since(performance.now());
  const body = structure.answer(counts);
  if (timings) timings.splice = splicing();
  cache?.set(etag, body);
  return { etag, body };
}

/** Where a tree read's time went, in ms (absent: the stage did not run). */
export type TreeTimings = Partial<Record<"project" | "structure" | "counts" | "splice" | "compress", number>>;

/** The project's locations kept for its structure version, else read (rows and version in one statement) and kept. */
export async function treeStructure(
  ctx: AppContext,
  user: UserRow,
  project: Pick<ProjectRow, "id" | "locations_version">,
  cache?: StructureCache,
): Promise<TreeStructure> {
  const kept = cache?.get(project.id, Number(project.locations_version));
  if (kept) return kept;
  const read = await findTreeStructure(ctx.db, user.workspace_id, project.id);
  if (!read) throw notFound("Project");
  const structure = new TreeStructure(read.version, read.rows);
  cache?.set(project.id, structure);
  return structure;
}

/** GET /api/locations/{id}: what a label's link opens (the location and its project). */
export async function lookUpLocation(ctx: AppContext, user: UserRow, id: string): Promise<LocationLookup> {
  const row = await requireLocation(ctx.db, user, id);
  return { location: await answerLocation(ctx.db, user, row), projectId: row.project_id };
}

/**
 * Inserts one new location at the end of its siblings (inside the caller's transaction, the
 * project's tree locked). The parent must be of the same project; `id` is the device's for a
 * location made offline.
 */
export async function insertOneLocation(
  trx: Transaction<Database>,
  user: UserRow,
  project: Pick<ProjectRow, "id" | "workspace_id">,
  input: LocationCreate & { id?: string },
): Promise<LocationRow> {
  const parent = input.parentId ? await findWorkspaceLocation(trx, user, input.parentId) : undefined;
  if (input.parentId && (!parent || parent.project_id !== project.id)) {
    throw badRequest(PARENT_NOT_FOUND, { parentId: [PARENT_NOT_FOUND] });
  }
  const depth = parent ? parent.depth + 1 : 1;
  if (depth > MAX_LOCATION_DEPTH) throw tooDeep();
  await checkRoomFor(trx, project.id, 1);
  if (input.sheetId) await requireSheetOfProject(trx, project.workspace_id, project.id, input.sheetId);
  const parentKey = parent?.id ?? "";
  const siblings = await findSiblings(trx, project.id, parentKey);
  const nameKey = nameKeyOf(input.name);
  if (siblings.some((s) => s.name_key === nameKey)) throw duplicateSibling();
  const now = nowSeconds();
  const row: LocationRow = {
    id: input.id ?? newId(),
    workspace_id: project.workspace_id,
    project_id: project.id,
    parent_id: parent?.id ?? null,
    parent_key: parentKey,
    name: input.name,
    name_key: nameKey,
    code: input.code,
    position: siblings.reduce((max, s) => Math.max(max, s.position + 1), 0),
    depth,
    path: childPath(parent, input.name),
    sheet_id: input.sheetId,
    created_by: user.id,
    created_at: now,
    updated_at: now,
  };
  const ancestors = parent ? await findAncestors(trx, parent.id) : [];
  const closure = [
    { ancestor_id: row.id, descendant_id: row.id, distance: 0 },
    ...ancestors.map((a) => ({ ancestor_id: a.ancestor_id, descendant_id: row.id, distance: a.distance + 1 })),
  ];
  await insertLocations(trx, [row], closure);
  return row;
}

/** POST /api/projects/{id}/locations → the new location, last among its siblings. */
export async function createLocation(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  input: LocationCreate,
): Promise<Location> {
  const project = await requireProject(ctx, user, projectId);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      await lockProjectTree(trx, project.id);
      return insertOneLocation(trx, user, project, input);
    });
    return await answerLocation(ctx.db, user, row);
  } catch (err) {
    throw asSiblingConflict(err);
  }
}

/**
 * DELETE /api/locations/{id}: the location and everything under it. Their reports keep every word
 * and lose the link (locationId null); nothing else is deleted. Answers what went.
 */
export async function removeLocation(ctx: AppContext, user: UserRow, id: string): Promise<LocationDeleteResult> {
  const row = await requireLocation(ctx.db, user, id);
  return ctx.db.transaction().execute(async (trx) => {
    await lockProjectTree(trx, row.project_id);
    const subtree = await trx
      .selectFrom("location_closure")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ancestor_id", "=", row.id)
      .executeTakeFirst();
    const unlinkedReports = await unlinkReportsUnder(trx, user.workspace_id, row.id);
    await deleteLocationRow(trx, row.id);
    return { deletedLocations: Number(subtree?.n ?? 0), unlinkedReports };
  });
}
