// Deleting sheets: their revisions and the pins of reports on them go in the caller's transaction
// (the reports themselves stay, without a pin); the files are returned for deletion after the
// commit (an orphan file is harmless, a row naming a missing file is not). An uploaded file is
// deleted only once no revision outside the deleted sheets renders from it.
import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { revisionFileKeys } from "./sheet-files";
import { countSourceUsers } from "./sheets.repository";

export async function deleteSheetRows(trx: Transaction<Database>, sheetIds: readonly string[]): Promise<string[]> {
  if (sheetIds.length === 0) return [];
  const revisions = await trx.selectFrom("sheet_revisions").selectAll().where("sheet_id", "in", sheetIds).execute();
  const keys = revisions.flatMap((r) => revisionFileKeys(r.tiles_key, r.width, r.height));
  for (const source of new Set(revisions.map((r) => r.source_key))) {
    if ((await countSourceUsers(trx, source, sheetIds)) === 0) keys.push(source);
  }
  await trx
    .updateTable("snagging_reports")
    .set({ sheet_id: null, pin_x: null, pin_y: null })
    .where("sheet_id", "in", sheetIds)
    .execute();
  await trx.deleteFrom("sheet_revisions").where("sheet_id", "in", sheetIds).execute();
  await trx.deleteFrom("sheets").where("id", "in", sheetIds).execute();
  return keys;
}

/** The sheets of these projects (a project's deletion takes its drawings with it). */
export async function deleteProjectSheetRows(
  trx: Transaction<Database>,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const ids = (await trx.selectFrom("sheets").select("id").where("project_id", "in", projectIds).execute()).map(
    (r) => r.id,
  );
  const keys: string[] = [];
  for (let i = 0; i < ids.length; i += 200) keys.push(...(await deleteSheetRows(trx, ids.slice(i, i + 200))));
  return keys;
}
