// The rows of a deleted project or report, taken out of the live tables and put back on restore.
// A snapshot is `{table: rows}` for the tables below, restored in this order (parents first) and
// deleted in the reverse one. Rows are copied whole (every column, search text included), so a
// restored item is the item that was deleted: same ids, same photo URLs, same references.
// Notifications and Idempotency-Keys of the rows are not kept: they are deleted with them, as
// before the Trash existed (a notification about a deleted report is stale anyway).
import type { Transaction } from "kysely";
import { deleteAuditRows, fileKeysOfAudits } from "../audits/audits.repository";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { sheetFilesOf } from "../sheets/sheets.cascade";
import { fileKeysOf } from "../snagging/snagging.files";

type Trx = Transaction<Database>;
type Row = Record<string, unknown>;
/** A project's site audits (issue 25) travel with it; snapshots made before them have none. */
const AUDIT_TABLES = ["audits", "audit_answers", "audit_photos", "audit_answer_history", "audit_revisions"] as const;
/** A report's history and comments with their photos (issue 23) likewise; older snapshots have none. */
const REPORT_EXTRA_TABLES = ["report_activity", "report_comments", "comment_photos"] as const;
/** A project's drawings (issue 24) too, so its reports' pins hold on restore; older snapshots have none. */
const SHEET_TABLES = ["sheets", "sheet_revisions"] as const;
/** A project's location tree (issue 36), parents first, so its reports' locations hold on restore. */
const LOCATION_TABLES = ["locations", "location_closure"] as const;
export type Snapshot = { projects: Row[]; snagging_reports: Row[]; attachments: Row[] } & Partial<
  Record<
    | (typeof AUDIT_TABLES)[number]
    | (typeof REPORT_EXTRA_TABLES)[number]
    | (typeof SHEET_TABLES)[number]
    | (typeof LOCATION_TABLES)[number],
    Row[]
  >
>;
const RESTORE_ORDER = [
  "projects",
  ...SHEET_TABLES,
  ...LOCATION_TABLES,
  "snagging_reports",
  "attachments",
  ...REPORT_EXTRA_TABLES,
  ...AUDIT_TABLES,
] as const;
/** A revision still rendering when its project is deleted: its render's files are dropped (sheet-jobs.ts). */
const INTERRUPTED = "Drawing stopped when the project was deleted. Upload this drawing again as a new revision.";
/** Columns naming a person, cleared on restore when that account has gone. */
const PEOPLE = ["created_by", "assigned_to", "auditor_id", "updated_by", "user_id", "author_id"] as const;
/** A report's external assignee (migration 0020), cleared on restore when the contact was deleted. */
const CONTACT = "assigned_contact_id";

/** Rows that name a report and go when it goes (ON DELETE CASCADE), deleted explicitly first. */
const DROPPED_WITH_REPORT = ["notifications", "idempotency_keys"] as const;

async function reportRows(trx: Trx, workspaceId: string, reportIds: readonly string[]) {
  if (reportIds.length === 0) return { reports: [], attachments: [], activity: [], comments: [], commentPhotos: [] };
  const reports = await trx
    .selectFrom("snagging_reports")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", reportIds)
    .execute();
  const attachments = await trx.selectFrom("attachments").selectAll().where("report_id", "in", reportIds).execute();
  const activity = await trx.selectFrom("report_activity").selectAll().where("report_id", "in", reportIds).execute();
  const comments = await trx.selectFrom("report_comments").selectAll().where("report_id", "in", reportIds).execute();
  const commentPhotos =
    comments.length === 0
      ? []
      : await trx
          .selectFrom("comment_photos")
          .selectAll()
          .where(
            "comment_id",
            "in",
            comments.map((c) => c.id),
          )
          .execute();
  return {
    reports: reports as Row[],
    attachments: attachments as Row[],
    activity: activity as Row[],
    comments: comments as Row[],
    commentPhotos: commentPhotos as Row[],
  };
}

/** The project's sheets and revisions, out of the live tables, with their files and stored bytes. */
async function takeSheets(ctx: Pick<AppContext, "storage">, trx: Trx, workspaceId: string, projectId: string) {
  const sheets = await trx
    .selectFrom("sheets")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .execute();
  const ids = sheets.map((s) => s.id);
  if (ids.length === 0) return { tables: {}, keys: [], bytes: 0 };
  const revisions = [];
  for (let i = 0; i < ids.length; i += 200) {
    const batch = ids.slice(i, i + 200);
    revisions.push(...(await trx.selectFrom("sheet_revisions").selectAll().where("sheet_id", "in", batch).execute()));
  }
  const { keys, bytes } = await sheetFilesOf(ctx, trx, revisions, ids);
  for (let i = 0; i < ids.length; i += 200) {
    const batch = ids.slice(i, i + 200);
    await trx.deleteFrom("sheet_revisions").where("sheet_id", "in", batch).execute();
    await trx.deleteFrom("sheets").where("id", "in", batch).execute();
  }
  const kept = revisions.map((r) =>
    r.status === "processing" ? { ...r, status: "failed" as const, failure_reason: INTERRUPTED } : r,
  );
  return { tables: { sheets: sheets as Row[], sheet_revisions: kept as Row[] }, keys, bytes };
}

/** The project's locations (top level first) and their closure rows, out of the live tables. */
async function takeLocations(trx: Trx, workspaceId: string, projectId: string) {
  const locations = await trx
    .selectFrom("locations")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("project_id", "=", projectId)
    .orderBy("depth")
    .execute();
  if (locations.length === 0) return {};
  const closure = await trx
    .selectFrom("location_closure")
    .selectAll()
    .where("descendant_id", "in", trx.selectFrom("locations").select("id").where("project_id", "=", projectId))
    .execute();
  // Children go with their parents (parent_id and the closure rows cascade).
  await trx.deleteFrom("locations").where("project_id", "=", projectId).where("parent_id", "is", null).execute();
  return { locations: locations as Row[], location_closure: closure as Row[] };
}

/** Takes a project and every report in it out of the live tables; answers the snapshot and its files. */
export async function takeProject(ctx: Pick<AppContext, "storage">, trx: Trx, workspaceId: string, projectId: string) {
  const projects = await trx
    .selectFrom("projects")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", projectId)
    .execute();
  const ids = (await trx.selectFrom("snagging_reports").select("id").where("project_id", "=", projectId).execute()).map(
    (r) => r.id,
  );
  const { reports, attachments, activity, comments, commentPhotos } = await reportRows(trx, workspaceId, ids);
  await deleteReportRows(trx, ids);
  const auditIds = (
    await trx
      .selectFrom("audits")
      .select("id")
      .where("workspace_id", "=", workspaceId)
      .where("project_id", "=", projectId)
      .execute()
  ).map((a) => a.id);
  const audits: Partial<Record<(typeof AUDIT_TABLES)[number], Row[]>> = {};
  const auditFiles = await fileKeysOfAudits(trx, auditIds);
  if (auditIds.length > 0) {
    audits.audits = (await trx.selectFrom("audits").selectAll().where("id", "in", auditIds).execute()) as Row[];
    for (const table of AUDIT_TABLES.slice(1) as Exclude<(typeof AUDIT_TABLES)[number], "audits">[]) {
      audits[table] = (await trx.selectFrom(table).selectAll().where("audit_id", "in", auditIds).execute()) as Row[];
    }
    await deleteAuditRows(trx, auditIds);
  }
  const drawings = await takeSheets(ctx, trx, workspaceId, projectId);
  const tree = await takeLocations(trx, workspaceId, projectId);
  await trx.deleteFrom("projects").where("workspace_id", "=", workspaceId).where("id", "=", projectId).execute();
  const snapshot: Snapshot = {
    projects: projects as Row[],
    snagging_reports: reports,
    attachments,
    report_activity: activity,
    report_comments: comments,
    comment_photos: commentPhotos,
    ...drawings.tables,
    ...tree,
    ...audits,
  };
  return {
    snapshot,
    fileKeys: [...fileKeysOf([...attachments, ...commentPhotos] as never[]), ...auditFiles, ...drawings.keys],
    // An audit's bytes are its own counter (audits.storage.ts): photos, signatures and the files
    // its signed revisions keep, released at the purge with the rest.
    fileBytes:
      bytesOf(attachments) +
      bytesOf(commentPhotos) +
      drawings.bytes +
      (audits.audits ?? []).reduce((sum, a) => sum + Number(a.storage_bytes ?? 0), 0),
    reportCount: ids.length,
  };
}

/** Takes one report (with its photos' rows) out of the live tables. */
export async function takeReport(trx: Trx, workspaceId: string, reportId: string) {
  const { reports, attachments, activity, comments, commentPhotos } = await reportRows(trx, workspaceId, [reportId]);
  await deleteReportRows(trx, [reportId]);
  const snapshot: Snapshot = {
    projects: [],
    snagging_reports: reports,
    attachments,
    report_activity: activity,
    report_comments: comments,
    comment_photos: commentPhotos,
  };
  return {
    snapshot,
    fileKeys: fileKeysOf([...attachments, ...commentPhotos] as never[]),
    fileBytes: bytesOf(attachments) + bytesOf(commentPhotos),
  };
}

/** What the trashed photos hold against the storage quota: display copies and thumbnails. */
const bytesOf = (attachments: Row[]) =>
  attachments.reduce((sum, a) => sum + Number(a.size_bytes ?? 0) + Number(a.thumbnail_bytes ?? 0), 0);

async function deleteReportRows(trx: Trx, reportIds: readonly string[]): Promise<void> {
  if (reportIds.length === 0) return;
  for (const table of DROPPED_WITH_REPORT) await trx.deleteFrom(table).where("report_id", "in", reportIds).execute();
  await trx.deleteFrom("attachments").where("report_id", "in", reportIds).execute();
  await trx.deleteFrom("snagging_reports").where("id", "in", reportIds).execute();
}

/**
 * Puts a snapshot's rows back. People named by the rows who have since left (their account was
 * deleted) are cleared, as deleting the account would have cleared them on the live rows.
 */
export async function putBack(trx: Trx, snapshot: Snapshot): Promise<void> {
  const named = new Set<string>();
  const everyRow = RESTORE_ORDER.flatMap((table) => snapshot[table] ?? []);
  for (const row of everyRow) {
    for (const column of PEOPLE) if (typeof row[column] === "string") named.add(row[column]);
    if (typeof row[CONTACT] === "string") named.add(row[CONTACT]);
  }
  const present =
    named.size === 0
      ? new Set<string>()
      : new Set(
          (
            await trx
              .selectFrom("users")
              .select("id")
              .where("id", "in", [...named])
              .union(
                trx
                  .selectFrom("workspace_contacts")
                  .select("id")
                  .where("id", "in", [...named]),
              )
              .execute()
          ).map((u) => u.id),
        );
  const clean = (row: Row): Row => {
    const copy = { ...row };
    for (const column of [...PEOPLE, CONTACT]) {
      if (typeof copy[column] === "string" && !present.has(copy[column] as string)) copy[column] = null;
    }
    return copy;
  };
  for (const table of RESTORE_ORDER) {
    const rows = (snapshot[table] ?? []).map(clean);
    // Bounded batches: SQLite allows at most 32766 bound values in one statement.
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + 200) as never)
        .execute();
    }
  }
}
