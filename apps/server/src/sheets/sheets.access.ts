// The check a report's pin goes through (create, PATCH, sync): kept apart from the sheet use
// cases so the report service depends on this one query only.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { badRequest } from "../http/errors";
import { findSheetRow } from "./sheets.repository";

/**
 * A pin named in a report's fields: the sheet must be one of the report's project (another
 * project's or workspace's sheet is refused exactly like an unknown id).
 */
export async function requireSheetForPin(
  ctx: AppContext,
  user: UserRow,
  sheetId: string,
  projectId: string,
): Promise<void> {
  const row = UUID_PATTERN.test(sheetId) ? await findSheetRow(ctx.db, user.workspace_id, sheetId) : undefined;
  if (!row || row.project_id !== projectId) throw badRequest("Sheet not found", { sheetId: ["Sheet not found"] });
}
