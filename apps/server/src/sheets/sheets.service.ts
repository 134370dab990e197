// Drawings (issue 24): one exported function per use case, the workspace check first (another
// workspace's sheet or project answers 404 like a missing one). Uploads are inspected in the sheet
// pool before anything is stored; the uploaded file is stored, then the rows are committed, then
// rendering is queued (sheet-jobs.ts), so the request never waits for a render.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import {
  type PinCounts,
  type Sheet,
  type SheetPatch,
  SheetRevisionFieldsSchema,
  SheetUploadFieldsSchema,
} from "@sitesnag/shared/sheets";
import type { AppContext } from "../context";
import type { SheetRevisionsTable, SheetsTable, UserRow } from "../db/schema";
import { AppError, badRequest, notFound } from "../http/errors";
import { newId } from "../ids";
import { findProject } from "../projects/projects.repository";
import { assertStorageRoom, chargeStorage } from "../quotas/storage-quota";
import { deleteFilesQuietly } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { newSheetKey, sourceKeyFor } from "./sheet-files";
import type { SheetJobs } from "./sheet-jobs";
import type { SheetRenderer } from "./sheet-pool";
import { deleteSheetRows } from "./sheets.cascade";
import { emptyPinCounts, presentSheet } from "./sheets.presenter";
import {
  countPins,
  findProjectSheets,
  findRevisions,
  findSheet,
  insertRevision,
  insertSheets,
  updateSheet,
} from "./sheets.repository";
import { type SheetUpload, sheetNameFor } from "./sheets.upload";

/** What the sheet use cases need besides the app context: the render pool and its queue. */
export type SheetServices = { ctx: AppContext; renderer: SheetRenderer; jobs: SheetJobs };

async function requireProjectId(ctx: AppContext, user: UserRow, id: string): Promise<string> {
  const row = UUID_PATTERN.test(id) ? await findProject(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Project");
  return row.id;
}

async function requireSheet(ctx: AppContext, user: UserRow, id: string) {
  const row = UUID_PATTERN.test(id) ? await findSheet(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Sheet");
  return row;
}

async function pinCountsOf(ctx: AppContext, user: UserRow, sheetIds: string[]): Promise<Map<string, PinCounts>> {
  const counts = new Map(sheetIds.map((id) => [id, emptyPinCounts()]));
  for (const row of await countPins(ctx.db, user.workspace_id, sheetIds)) {
    const entry = row.sheet_id ? counts.get(row.sheet_id) : undefined;
    if (entry) entry[row.status] += row.n;
  }
  return counts;
}

async function inspect(services: SheetServices, upload: SheetUpload) {
  const inspection = await services.renderer.inspect(upload.bytes, upload.kind);
  if ("error" in inspection) throw new AppError(inspection.tooLarge ? 413 : 400, inspection.error);
  return inspection.pages;
}

/** Stores the uploaded file; the caller commits rows naming it, or deletes it on failure. */
async function storeSource(ctx: AppContext, upload: SheetUpload): Promise<string> {
  const key = sourceKeyFor(newSheetKey(), upload.kind);
  const type = upload.kind === "pdf" ? "application/pdf" : `image/${upload.kind}`;
  await ctx.storage.put(key, upload.bytes, type);
  return key;
}

const newRevision = (
  sheetId: string,
  workspaceId: string,
  revision: number,
  sourceKey: string,
  page: number,
  now: number,
): SheetRevisionsTable => ({
  id: newId(),
  sheet_id: sheetId,
  workspace_id: workspaceId,
  revision,
  status: "processing",
  failure_reason: null,
  source_key: sourceKey,
  source_page: page,
  tiles_key: newSheetKey(),
  width: 0,
  height: 0,
  tile_bytes: 0,
  created_at: now,
  render_started_at: null,
});

/** POST /api/projects/{id}/sheets: every page of a PDF becomes a sheet (an image, one sheet). */
export async function uploadSheets(
  services: SheetServices,
  user: UserRow,
  projectId: string,
  readUpload: () => Promise<SheetUpload>,
): Promise<Sheet[]> {
  const { ctx } = services;
  const project = await requireProjectId(ctx, user, projectId);
  const upload = await readUpload();
  const fields = SheetUploadFieldsSchema.parse(upload.fields);
  const pages = await inspect(services, upload);
  services.jobs.assertRoom(user.workspace_id, pages.length);
  // The uploaded file counts against the workspace's storage from its commit (decision 0019);
  // the rendered files are charged when the render settles (sheet-jobs.ts).
  await assertStorageRoom(ctx, user.workspace_id, upload.bytes.length);
  const sourceKey = await storeSource(ctx, upload);
  const now = nowSeconds();
  const sheets: SheetsTable[] = pages.map((_, i) => ({
    id: newId(),
    workspace_id: user.workspace_id,
    project_id: project,
    name: sheetNameFor(fields.name, upload.fileName, i + 1, pages.length),
    level: fields.level,
    page_number: i + 1,
    current_revision: 1,
    created_by: user.id,
    created_at: now,
    updated_at: now,
  }));
  const revisions = sheets.map((s) => newRevision(s.id, user.workspace_id, 1, sourceKey, s.page_number, now));
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertSheets(trx, sheets, revisions);
      await chargeStorage(ctx, trx, user.workspace_id, upload.bytes.length);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, [sourceKey]);
    throw err;
  }
  services.jobs.enqueue(
    user.workspace_id,
    revisions.map((r) => r.id),
  );
  return listSheetsOf(ctx, user, project, new Set(sheets.map((s) => s.id)));
}

async function listSheetsOf(ctx: AppContext, user: UserRow, projectId: string, only?: Set<string>): Promise<Sheet[]> {
  const rows = (await findProjectSheets(ctx.db, user.workspace_id, projectId)).filter((r) => !only || only.has(r.id));
  const counts = await pinCountsOf(
    ctx,
    user,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentSheet(row, counts.get(row.id) ?? emptyPinCounts()));
}

/** GET /api/projects/{id}/sheets */
export async function listSheets(ctx: AppContext, user: UserRow, projectId: string): Promise<Sheet[]> {
  return listSheetsOf(ctx, user, await requireProjectId(ctx, user, projectId));
}

/** GET /api/sheets/{id}: with every revision, newest first. */
export async function getSheet(ctx: AppContext, user: UserRow, id: string): Promise<Sheet> {
  const row = await requireSheet(ctx, user, id);
  const counts = await pinCountsOf(ctx, user, [row.id]);
  return presentSheet(row, counts.get(row.id) ?? emptyPinCounts(), await findRevisions(ctx.db, row.id));
}

/** PATCH /api/sheets/{id}: rename, set the level. */
export async function editSheet(ctx: AppContext, user: UserRow, id: string, patch: SheetPatch): Promise<Sheet> {
  await requireSheet(ctx, user, id);
  const changes = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.level !== undefined ? { level: patch.level } : {}),
    updated_at: nowSeconds(),
  };
  if (!(await updateSheet(ctx.db, user.workspace_id, id, changes))) throw notFound("Sheet");
  return getSheet(ctx, user, id);
}

/** DELETE /api/sheets/{id}: the sheet and its revisions; its reports stay, without their pins. */
export async function removeSheet(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const row = await requireSheet(ctx, user, id);
  const keys = await ctx.db.transaction().execute((trx) => deleteSheetRows(ctx, trx, [row.id]));
  await deleteFilesQuietly(ctx, keys);
}

/**
 * POST /api/sheets/{id}/revisions: a new drawing of the same sheet (a one-page file, or `page` of
 * a set). Pins are relative, so they stay where they were; earlier revisions stay viewable.
 */
export async function addRevision(
  services: SheetServices,
  user: UserRow,
  id: string,
  readUpload: () => Promise<SheetUpload>,
): Promise<Sheet> {
  const { ctx } = services;
  const sheet = await requireSheet(ctx, user, id);
  const upload = await readUpload();
  const { page } = SheetRevisionFieldsSchema.parse(upload.fields);
  const pages = await inspect(services, upload);
  if (page > pages.length) {
    const message = `This file has ${pages.length} page${pages.length === 1 ? "" : "s"}; there is no page ${page}.`;
    throw badRequest(message, { page: [message] });
  }
  services.jobs.assertRoom(user.workspace_id, 1);
  await assertStorageRoom(ctx, user.workspace_id, upload.bytes.length);
  const sourceKey = await storeSource(ctx, upload);
  const now = nowSeconds();
  let revision: SheetRevisionsTable | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom("sheet_revisions")
        .select((eb) => eb.fn.max<number>("revision").as("n"))
        .where("sheet_id", "=", sheet.id)
        .executeTakeFirstOrThrow();
      revision = newRevision(sheet.id, user.workspace_id, Number(latest.n ?? 0) + 1, sourceKey, page, now);
      await insertRevision(trx, revision);
      await updateSheet(trx, user.workspace_id, sheet.id, { current_revision: revision.revision, updated_at: now });
      await chargeStorage(ctx, trx, user.workspace_id, upload.bytes.length);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, [sourceKey]);
    throw err;
  }
  if (revision) services.jobs.enqueue(user.workspace_id, [revision.id]);
  return getSheet(ctx, user, id);
}
