// Locations a device created offline (issue 36), applied before the sync item that uses them.
// Each carries the device's id (a UUID), which is the row's primary key: however often the item is
// retried or replayed, and however many items name it, the location is made once. A location the
// device could not know about is resolved rather than refused, so a report is never lost to it:
// - the same name already under the same parent (made online meanwhile): that one is used;
// - its parent deleted meanwhile (or the level would be a sixth, or the project is at its cap of
//   locations): it is not made, and the report keeps its text without a location.

import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { siblingKey } from "@sitesnag/shared/location-import";
import { MAX_LOCATION_DEPTH, MAX_LOCATIONS_PER_PROJECT, NewLocationsSchema } from "@sitesnag/shared/locations";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest } from "../http/errors";
import { findProject } from "../projects/projects.repository";
import { findWorkspaceLocation } from "./locations.access";
import { findLocation, findSiblings } from "./locations.repository";
import { asSiblingConflict, countProjectLocations, lockProjectTree } from "./locations.rules";
import { insertOneLocation } from "./locations.service";

/** Device id → the location the server holds for it, or null when it could not be made. */
export type LocationIds = Map<string, string | null>;

export async function applyNewLocations(
  ctx: AppContext,
  user: UserRow,
  projectId: unknown,
  raw: unknown,
): Promise<LocationIds> {
  const ids: LocationIds = new Map();
  if (raw === undefined || raw === null) return ids;
  const list = NewLocationsSchema.parse(raw);
  const project =
    typeof projectId === "string" && UUID_PATTERN.test(projectId)
      ? await findProject(ctx.db, user.workspace_id, projectId)
      : undefined;
  if (!project) return ids; // the report's own checks answer for its project
  for (const wanted of list) {
    const parentId = wanted.parentId === null ? null : (ids.get(wanted.parentId) ?? wanted.parentId);
    const made = await ctx.db
      .transaction()
      .execute(async (trx) => {
        await lockProjectTree(trx, project.id);
        const already = await findLocation(trx, user.workspace_id, wanted.id);
        if (already) return already.project_id === project.id ? already.id : undefined;
        const parent = parentId ? await findWorkspaceLocation(trx, user, parentId) : undefined;
        if (parentId && (!parent || parent.project_id !== project.id)) return null;
        if ((parent?.depth ?? 0) + 1 > MAX_LOCATION_DEPTH) return null;
        // The project is full (MAX_LOCATIONS_PER_PROJECT): the report arrives without a location.
        if ((await countProjectLocations(trx, project.id)) >= MAX_LOCATIONS_PER_PROJECT) return null;
        const twin = (await findSiblings(trx, project.id, parent?.id ?? "")).find(
          (s) => s.name_key === siblingKey(wanted.name),
        );
        if (twin) return twin.id;
        const row = await insertOneLocation(trx, user, project, { ...wanted, parentId, sheetId: null });
        return row.id;
      })
      .catch((err: unknown) => {
        throw asSiblingConflict(err);
      });
    // Someone else's id (another project or workspace): refused like an unknown location.
    if (made === undefined) throw badRequest("Location not found", { newLocations: ["Location not found"] });
    ids.set(wanted.id, made);
  }
  return ids;
}

/**
 * The report's `locationId` as the sync applies it: a device id mapped to the server's, and a
 * location that no longer exists (deleted while the device was offline) read as none.
 */
export async function resolveSyncLocation(
  ctx: AppContext,
  user: UserRow,
  projectId: unknown,
  locationId: unknown,
  made: LocationIds,
): Promise<unknown> {
  if (typeof locationId !== "string" || locationId === "") return locationId;
  const id = made.has(locationId) ? made.get(locationId) : locationId;
  if (id === null || id === undefined) return null;
  const row = await findWorkspaceLocation(ctx.db, user, id);
  return row && row.project_id === projectId ? id : null;
}
