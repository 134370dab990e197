// The checks other features make on a location: kept apart from the tree's use cases so the report
// service depends on these queries only.

import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { LOCATION_NOT_FOUND } from "@sitesnag/shared/locations";
import type { Kysely, Transaction } from "kysely";
import type { Database, LocationRow, UserRow } from "../db/schema";
import { badRequest } from "../http/errors";
import { findLocation } from "./locations.repository";

/** A location of the caller's workspace, or undefined (a malformed id included). */
export const findWorkspaceLocation = (
  db: Kysely<Database> | Transaction<Database>,
  user: UserRow,
  id: string,
): Promise<LocationRow | undefined> =>
  UUID_PATTERN.test(id) ? findLocation(db, user.workspace_id, id) : Promise.resolve(undefined);

/**
 * A report's `locationId`: a location of the report's project. Another project's or workspace's
 * location is refused exactly like an unknown id.
 */
export async function requireLocationForReport(
  db: Kysely<Database> | Transaction<Database>,
  user: UserRow,
  locationId: string,
  projectId: string,
): Promise<LocationRow> {
  const row = await findWorkspaceLocation(db, user, locationId);
  if (!row || row.project_id !== projectId) {
    throw badRequest(LOCATION_NOT_FOUND, { locationId: [LOCATION_NOT_FOUND] });
  }
  return row;
}
