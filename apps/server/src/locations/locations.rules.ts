// The tree's rules shared by every way a location is made or changed (the API, the bulk import,
// a device's offline sync): the sentences, the project lock, the sibling-name and sheet checks.

import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { siblingKey } from "@sitesnag/shared/location-import";
import { LOCATION_PATH_SEPARATOR, MAX_LOCATION_DEPTH, MAX_LOCATIONS_PER_PROJECT } from "@sitesnag/shared/locations";
import { PostgresAdapter, type Transaction } from "kysely";
import type { Database, LocationRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, badRequest, conflict } from "../http/errors";
import { findSheetRow } from "../sheets/sheets.repository";

export const TOO_DEEP = `A location can be at most ${MAX_LOCATION_DEPTH} levels deep`;
export const DUPLICATE_SIBLING = "There is already a location with this name at this level";
export const UNDER_ITSELF = "A location cannot be moved under itself or a location inside it";
export const PARENT_NOT_FOUND = "Parent location not found";
export const SHEET_NOT_FOUND = "Sheet not found";

export const tooDeep = () => badRequest(TOO_DEEP);

/** A project's cap (issue 36), checked by every way locations are made, in the write's transaction. */
export async function checkRoomFor(trx: Transaction<Database>, projectId: string, adding: number): Promise<void> {
  if (adding === 0) return;
  const count = await countProjectLocations(trx, projectId);
  if (count + adding > MAX_LOCATIONS_PER_PROJECT) {
    throw badRequest(
      `A project can have at most ${MAX_LOCATIONS_PER_PROJECT} locations: it has ${count}, and this would add ${adding}`,
    );
  }
}

export const countProjectLocations = async (trx: Transaction<Database>, projectId: string): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom("locations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("project_id", "=", projectId)
        .executeTakeFirstOrThrow()
    ).n,
  );
export const duplicateSibling = () => conflict(DUPLICATE_SIBLING);

export const childPath = (parent: Pick<LocationRow, "path"> | undefined, name: string) =>
  parent ? `${parent.path}${LOCATION_PATH_SEPARATOR}${name}` : name;

export const nameKeyOf = siblingKey;

/**
 * Tree changes of one project take turns on PostgreSQL (the project's row is locked until the
 * commit), so two moves can never make a cycle between them; SQLite writes one at a time anyway.
 */
export async function lockProjectTree(trx: Transaction<Database>, projectId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom("projects").select("id").where("id", "=", projectId).forUpdate().execute();
}

/** A sheet to carry: one of the location's project, else refused like an unknown id. */
export async function requireSheetOfProject(
  trx: Transaction<Database>,
  workspaceId: string,
  projectId: string,
  sheetId: string,
): Promise<void> {
  const sheet = UUID_PATTERN.test(sheetId) ? await findSheetRow(trx, workspaceId, sheetId) : undefined;
  if (!sheet || sheet.project_id !== projectId) throw badRequest(SHEET_NOT_FOUND, { sheetId: [SHEET_NOT_FOUND] });
}

/** The sibling-name index caught a race the check before it could not see: the same 409. */
export function asSiblingConflict(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const violated = uniqueViolation(err);
  return violated !== null && /locations/.test(violated) ? duplicateSibling() : err;
}
