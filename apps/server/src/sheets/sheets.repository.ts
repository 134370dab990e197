import type { ReportStatus } from "@sitesnag/shared/enums";
import type { Kysely, Transaction } from "kysely";
import type { Database, SheetRevisionRow, SheetRevisionsTable, SheetRow, SheetsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** A sheet with its current revision's columns (prefixed `rev_`). */
function selectSheets(db: Q, workspaceId: string) {
  return db
    .selectFrom("sheets as s")
    .innerJoin("sheet_revisions as v", (join) =>
      join.onRef("v.sheet_id", "=", "s.id").onRef("v.revision", "=", "s.current_revision"),
    )
    .selectAll("s")
    .select([
      "v.id as rev_id",
      "v.status as rev_status",
      "v.failure_reason as rev_failure_reason",
      "v.tiles_key as rev_tiles_key",
      "v.width as rev_width",
      "v.height as rev_height",
      "v.tile_bytes as rev_tile_bytes",
      "v.created_at as rev_created_at",
    ])
    .where("s.workspace_id", "=", workspaceId);
}

export type SheetWithRevision = Awaited<ReturnType<ReturnType<typeof selectSheets>["executeTakeFirstOrThrow"]>>;

export const findSheet = (db: Q, workspaceId: string, id: string): Promise<SheetWithRevision | undefined> =>
  selectSheets(db, workspaceId).where("s.id", "=", id).executeTakeFirst();

export const findProjectSheets = (db: Q, workspaceId: string, projectId: string): Promise<SheetWithRevision[]> =>
  selectSheets(db, workspaceId)
    .where("s.project_id", "=", projectId)
    .orderBy("s.created_at")
    .orderBy("s.page_number")
    .orderBy("s.id")
    .execute();

/** The bare sheet row of the caller's workspace (pins check their sheet with it). */
export const findSheetRow = (db: Q, workspaceId: string, id: string): Promise<SheetRow | undefined> =>
  db.selectFrom("sheets").selectAll().where("workspace_id", "=", workspaceId).where("id", "=", id).executeTakeFirst();

export const findRevisions = (db: Q, sheetId: string): Promise<SheetRevisionRow[]> =>
  db.selectFrom("sheet_revisions").selectAll().where("sheet_id", "=", sheetId).orderBy("revision", "desc").execute();

export const findRevision = (db: Q, id: string): Promise<SheetRevisionRow | undefined> =>
  db.selectFrom("sheet_revisions").selectAll().where("id", "=", id).executeTakeFirst();

/** Every revision still `processing`, oldest first, with when its render last started (if it did). */
export const findProcessingRevisions = async (
  db: Q,
): Promise<{ id: string; workspace_id: string; render_started_at: number | null }[]> =>
  (
    await db
      .selectFrom("sheet_revisions")
      .select(["id", "workspace_id", "render_started_at"])
      .where("status", "=", "processing")
      .orderBy("created_at")
      .orderBy("id")
      .execute()
  ).map((r) => ({ ...r, render_started_at: r.render_started_at === null ? null : Number(r.render_started_at) }));

/** Records that a revision's render starts (or, with null, was put back unfinished at a stop). */
export async function markRenderStarted(db: Q, id: string, at: number | null): Promise<void> {
  await db
    .updateTable("sheet_revisions")
    .set({ render_started_at: at })
    .where("id", "=", id)
    .where("status", "=", "processing")
    .execute();
}

/** Settles failed a revision whose render started at `startedAt` and never finished. */
export async function failInterruptedRender(db: Q, id: string, startedAt: number, reason: string): Promise<boolean> {
  const result = await db
    .updateTable("sheet_revisions")
    .set({ status: "failed", failure_reason: reason })
    .where("id", "=", id)
    .where("status", "=", "processing")
    .where("render_started_at", "=", startedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertSheets(
  trx: Transaction<Database>,
  sheets: readonly SheetsTable[],
  revisions: readonly SheetRevisionsTable[],
): Promise<void> {
  // Batches well under SQLite's bound-variable limit (a 100-page set is 100 rows of each).
  for (let i = 0; i < sheets.length; i += 50)
    await trx
      .insertInto("sheets")
      .values(sheets.slice(i, i + 50))
      .execute();
  for (let i = 0; i < revisions.length; i += 50) {
    await trx
      .insertInto("sheet_revisions")
      .values(revisions.slice(i, i + 50))
      .execute();
  }
}

export const insertRevision = (trx: Transaction<Database>, row: SheetRevisionsTable) =>
  trx.insertInto("sheet_revisions").values(row).execute();

export async function updateSheet(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Partial<Pick<SheetsTable, "name" | "level" | "current_revision" | "updated_at">>,
): Promise<boolean> {
  const result = await db
    .updateTable("sheets")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Settles a revision still processing; false when it was deleted (or settled) meanwhile. */
export async function settleRevision(
  db: Q,
  id: string,
  changes: Pick<SheetRevisionsTable, "status" | "failure_reason"> &
    Partial<Pick<SheetRevisionsTable, "width" | "height" | "tile_bytes">>,
): Promise<boolean> {
  const result = await db
    .updateTable("sheet_revisions")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", "processing")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Reports pinned on each of the given sheets, per status. */
export async function countPins(
  db: Q,
  workspaceId: string,
  sheetIds: readonly string[],
): Promise<{ sheet_id: string | null; status: ReportStatus; n: number }[]> {
  if (sheetIds.length === 0) return [];
  const rows = await db
    .selectFrom("snagging_reports")
    .select(["sheet_id", "status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("workspace_id", "=", workspaceId)
    .where("sheet_id", "in", sheetIds)
    .groupBy(["sheet_id", "status"])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** How many revisions (other than those of `exceptSheetIds`) still render from this source file. */
export async function countSourceUsers(db: Q, sourceKey: string, exceptSheetIds: readonly string[]): Promise<number> {
  let q = db
    .selectFrom("sheet_revisions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("source_key", "=", sourceKey);
  if (exceptSheetIds.length > 0) q = q.where("sheet_id", "not in", exceptSheetIds);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * The sheets of one project among `ids` that have a rendered revision (a plan crop can be cut from
 * them), with the newest such revision's number: a share page shows these pins (issue 27).
 */
export const findRenderedSheets = (
  db: Q,
  workspaceId: string,
  projectId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string; level: string; ready_revision: number }[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("sheets as s")
        .innerJoin("sheet_revisions as v", "v.sheet_id", "s.id")
        .select(["s.id", "s.name", "s.level"])
        .select((eb) => eb.fn.max("v.revision").as("ready_revision"))
        .where("s.workspace_id", "=", workspaceId)
        .where("s.project_id", "=", projectId)
        .where("s.id", "in", ids)
        .where("v.status", "=", "ready")
        .groupBy(["s.id", "s.name", "s.level"])
        .execute();
