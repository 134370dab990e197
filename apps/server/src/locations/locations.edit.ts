// PATCH /api/locations/{id}: rename, recode, carry a sheet, move and reorder, in one transaction
// with the project's tree locked. A move rewrites the subtree's closure rows, depths and paths; a
// rename its paths. Siblings are renumbered 0..n-1 wherever one arrives or leaves.
import { type Location, type LocationPatch, MAX_LOCATION_DEPTH } from "@sitesnag/shared/locations";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, LocationRow, UserRow } from "../db/schema";
import { badRequest } from "../http/errors";
import { nowSeconds } from "../time";
import { findWorkspaceLocation } from "./locations.access";
import {
  findAncestors,
  findSiblings,
  findSubtree,
  isUnder,
  relinkSubtree,
  updateLocation,
} from "./locations.repository";
import {
  asSiblingConflict,
  childPath,
  duplicateSibling,
  lockProjectTree,
  nameKeyOf,
  PARENT_NOT_FOUND,
  requireSheetOfProject,
  tooDeep,
  UNDER_ITSELF,
} from "./locations.rules";
import { answerLocation, requireLocation } from "./locations.service";
import { rewritePaths } from "./locations.tree";

export async function editLocation(
  ctx: AppContext,
  user: UserRow,
  id: string,
  patch: LocationPatch,
): Promise<Location> {
  await requireLocation(ctx.db, user, id);
  try {
    const row = await ctx.db.transaction().execute(async (trx) => {
      const current = await requireLocation(trx, user, id);
      await lockProjectTree(trx, current.project_id);
      return applyPatch(trx, user, await requireLocation(trx, user, id), patch);
    });
    return await answerLocation(ctx.db, user, row);
  } catch (err) {
    throw asSiblingConflict(err);
  }
}

async function newParentOf(trx: Transaction<Database>, user: UserRow, row: LocationRow, parentId: string | null) {
  if (parentId === null) return undefined;
  const parent = await findWorkspaceLocation(trx, user, parentId);
  if (!parent || parent.project_id !== row.project_id)
    throw badRequest(PARENT_NOT_FOUND, { parentId: [PARENT_NOT_FOUND] });
  if (parent.id === row.id || (await isUnder(trx, row.id, parent.id))) throw badRequest(UNDER_ITSELF);
  return parent;
}

async function applyPatch(
  trx: Transaction<Database>,
  user: UserRow,
  row: LocationRow,
  patch: LocationPatch,
): Promise<LocationRow> {
  const moving = patch.parentId !== undefined && patch.parentId !== row.parent_id;
  const parent = moving
    ? await newParentOf(trx, user, row, patch.parentId ?? null)
    : row.parent_id
      ? await findWorkspaceLocation(trx, user, row.parent_id)
      : undefined;
  const parentKey = parent?.id ?? "";
  const name = patch.name ?? row.name;
  const nameKey = nameKeyOf(name);
  const siblings = (await findSiblings(trx, row.project_id, parentKey)).filter((s) => s.id !== row.id);
  if (siblings.some((s) => s.name_key === nameKey)) throw duplicateSibling();
  if (patch.sheetId) await requireSheetOfProject(trx, row.workspace_id, row.project_id, patch.sheetId);

  const subtree = moving || name !== row.name ? await findSubtree(trx, row.id) : [row];
  const depth = parent ? parent.depth + 1 : 1;
  if (moving) {
    const deepest = subtree.reduce((max, r) => Math.max(max, r.depth), row.depth);
    if (depth + (deepest - row.depth) > MAX_LOCATION_DEPTH) throw tooDeep();
    const newAncestors = parent ? await findAncestors(trx, parent.id) : [];
    await relinkSubtree(
      trx,
      subtree.map((r) => ({ id: r.id, distanceFromRoot: r.depth - row.depth })),
      newAncestors,
    );
  }

  const now = nowSeconds();
  const path = childPath(parent, name);
  const updated: LocationRow = {
    ...row,
    name,
    name_key: nameKey,
    code: patch.code === undefined ? row.code : patch.code,
    sheet_id: patch.sheetId === undefined ? row.sheet_id : patch.sheetId,
    parent_id: parent?.id ?? null,
    parent_key: parentKey,
    depth,
    path,
    updated_at: now,
  };
  const { id: _id, workspace_id: _w, project_id: _p, created_at: _c, created_by: _b, ...changes } = updated;
  await updateLocation(trx, row.id, changes);
  for (const [id, place] of rewritePaths(subtree, { id: row.id, path, depth })) {
    if (id === row.id) continue;
    await updateLocation(trx, id, { ...place, updated_at: now });
  }

  if (moving || patch.order !== undefined) {
    // The location takes `order` among its (new) siblings, the end when not given; all renumbered.
    const at = Math.min(patch.order ?? siblings.length, siblings.length);
    const ordered = [...siblings.slice(0, at), updated, ...siblings.slice(at)];
    for (const [position, sibling] of ordered.entries()) {
      if (sibling.position !== position || sibling.id === row.id) {
        await updateLocation(trx, sibling.id, { position });
      }
    }
    updated.position = at;
  }
  return updated;
}
