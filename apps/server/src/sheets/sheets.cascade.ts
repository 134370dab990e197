// Deleting sheets: their revisions and the pins of reports on them go in the caller's transaction
// (the reports themselves stay, without a pin); the files are returned for deletion after the
// commit (an orphan file is harmless, a row naming a missing file is not). An uploaded file is
// deleted only once no revision outside the deleted sheets renders from it. The storage the
// deleted files held (rendered files and the uploads that go) is released in that transaction.
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, SheetRevisionRow } from "../db/schema";
import { releaseStorage } from "../quotas/storage-quota";
import { revisionFileKeys } from "./sheet-files";
import { countSourceUsers } from "./sheets.repository";

type Storage = Pick<AppContext, "storage">;

/**
 * The files of these revisions and what they hold against the quota: the rendered files
 * (`tile_bytes`), plus each uploaded file that no revision outside `sheetIds` still uses.
 */
export async function sheetFilesOf(
  ctx: Storage,
  trx: Transaction<Database>,
  revisions: readonly SheetRevisionRow[],
  sheetIds: readonly string[],
): Promise<{ keys: string[]; bytes: number }> {
  const keys = revisions.flatMap((r) => revisionFileKeys(r.tiles_key, r.width, r.height));
  let bytes = revisions.reduce((sum, r) => sum + (r.status === "ready" ? Number(r.tile_bytes) : 0), 0);
  for (const source of new Set(revisions.map((r) => r.source_key))) {
    if ((await countSourceUsers(trx, source, sheetIds)) > 0) continue;
    keys.push(source);
    bytes += (await ctx.storage.stat(source))?.size ?? 0;
  }
  return { keys, bytes };
}

export async function deleteSheetRows(
  ctx: Storage,
  trx: Transaction<Database>,
  sheetIds: readonly string[],
): Promise<string[]> {
  if (sheetIds.length === 0) return [];
  const revisions = await trx.selectFrom("sheet_revisions").selectAll().where("sheet_id", "in", sheetIds).execute();
  const { keys } = await sheetFilesOf(ctx, trx, revisions, sheetIds);
  for (const workspaceId of new Set(revisions.map((r) => r.workspace_id))) {
    const own = revisions.filter((r) => r.workspace_id === workspaceId);
    await releaseStorage(trx, workspaceId, (await sheetFilesOf(ctx, trx, own, sheetIds)).bytes);
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
  ctx: Storage,
  trx: Transaction<Database>,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const ids = (await trx.selectFrom("sheets").select("id").where("project_id", "in", projectIds).execute()).map(
    (r) => r.id,
  );
  const keys: string[] = [];
  for (let i = 0; i < ids.length; i += 200) keys.push(...(await deleteSheetRows(ctx, trx, ids.slice(i, i + 200))));
  return keys;
}
