import type { ReportStatus } from "@sitesnag/shared/enums";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { pageSize } from "@sitesnag/shared/pagination";
import { pinFieldsOf, type ReportPin, ReportPinSchema } from "@sitesnag/shared/sheets";
import {
  type Attachment,
  MAX_PHOTOS_PER_REPORT,
  type Report,
  type ReportCounts,
  type ReportFilter,
  type ReportList,
  type ReportListQuery,
  type ReportPatch,
  ReportPatchSchema,
} from "@sitesnag/shared/snagging";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import { answeredCursor, toPage } from "../db/keyset";
import type { AttachmentRow, Database, ReportRow, UserRow } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { notifyAssigned, notifyStatusChanged } from "../notifications/notifications.service";
import { assertStorageRoom, chargeStorage, releaseStorage, storedBytesOf } from "../quotas/storage-quota";
import { requireSheetForPin } from "../sheets/sheets.access";
import { nowSeconds } from "../time";
import { trashReport } from "../trash/trash.service";
import { requireAssignee, requireReport } from "./snagging.access";
import type { RecordInTransaction } from "./snagging.create";
import { deleteFilesQuietly, discardFilesOfFailedWrite, fileKeysOf, photoBytesOf, storePhotos } from "./snagging.files";
import { presentAttachment, presentReport } from "./snagging.presenter";
import {
  countReportsByStatus,
  deleteAttachments,
  findAttachments,
  findReportsPage,
  findReportWithNames,
  insertAttachments,
  updateReport,
} from "./snagging.repository";
import { type ReportRequest, tooManyPhotos } from "./snagging.uploads";

function groupAttachments(rows: readonly AttachmentRow[]): Map<string, Attachment[]> {
  const byReport = new Map<string, Attachment[]>();
  for (const row of rows) {
    const list = byReport.get(row.report_id) ?? [];
    list.push(presentAttachment(row));
    byReport.set(row.report_id, list);
  }
  return byReport;
}

/**
 * GET /api/snagging: one page (or, with neither `limit` nor `cursor`, every report up to the cap),
 * newest first, filters applied in SQL, with its attachments in one query bounded by the page.
 */
export async function listReports(ctx: AppContext, user: UserRow, query: ReportListQuery): Promise<ReportList> {
  if (query.projectId !== undefined && !UUID_PATTERN.test(query.projectId))
    return { reports: [], ...answeredCursor(query, null) };
  const size = pageSize(query);
  const { rows, nextCursor } = toPage(
    await findReportsPage(ctx.db, user.workspace_id, query, query.cursor, size),
    size,
    (row) => ({ sort: row.created_at, id: row.id }),
  );
  const byReport = groupAttachments(
    await findAttachments(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  return {
    reports: rows.map((row) => presentReport(row, byReport.get(row.id) ?? [])),
    ...answeredCursor(query, nextCursor),
  };
}

/** GET /api/snagging/counts: the status filter's figures and the dashboard's, without loading reports. */
export async function countReports(ctx: AppContext, user: UserRow, filters: ReportFilter): Promise<ReportCounts> {
  const counts: ReportCounts = { all: 0, open: 0, "in-progress": 0, resolved: 0, closed: 0 };
  if (filters.projectId !== undefined && !UUID_PATTERN.test(filters.projectId)) return counts;
  for (const { status, n } of await countReportsByStatus(ctx.db, user.workspace_id, filters)) {
    counts[status] += n;
    counts.all += n;
  }
  return counts;
}

export async function getReport(ctx: AppContext, user: UserRow, id: string): Promise<Report> {
  return readReport(ctx.db, user.workspace_id, id);
}

/**
 * The report as answered, read through `db`. A write reads its answer inside its own transaction,
 * so once the COMMIT is acknowledged the answer is in hand: a connection lost after the commit
 * cannot turn a stored change into a 503 (issue 22).
 */
export async function readReport(db: Kysely<Database> | Transaction<Database>, workspaceId: string, id: string) {
  const row = UUID_PATTERN.test(id) ? await findReportWithNames(db, workspaceId, id) : undefined;
  if (!row) throw notFound("Report");
  const attachments = await findAttachments(db, [id]);
  return presentReport(row, attachments.map(presentAttachment));
}

/** The detail screen's Change Status buttons. */
export async function changeReportStatus(
  ctx: AppContext,
  user: UserRow,
  id: string,
  status: ReportStatus,
  record?: RecordInTransaction,
) {
  const report = await requireReport(ctx, user, id);
  return ctx.db.transaction().execute(async (trx) => {
    await updateReport(trx, user.workspace_id, id, { status, updated_at: nowSeconds() });
    if (status !== report.status) await notifyStatusChanged(trx, report, status, user.id);
    await record?.(trx, id);
    return readReport(trx, user.workspace_id, id);
  });
}

type EditChanges = Parameters<typeof updateReport>[3];

function editChanges(report: ReportRow, patch: ReportPatch, pin: ReportPin = {}): EditChanges {
  if (patch.projectId !== undefined && patch.projectId !== report.project_id) {
    throw badRequest("The project of a report cannot be changed", {
      projectId: ["The project of a report cannot be changed"],
    });
  }
  if (patch.title !== undefined && patch.title !== report.title) {
    throw badRequest("The reference number cannot be changed", { title: ["The reference number cannot be changed"] });
  }
  const changes: EditChanges = {};
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.category !== undefined) changes.category = patch.category;
  if (patch.priority !== undefined) changes.priority = patch.priority;
  if (patch.assignedTo !== undefined) changes.assigned_to = patch.assignedTo;
  if (patch.dueDate !== undefined) changes.due_date = patch.dueDate;
  if (patch.pageUrl !== undefined) changes.page_url = patch.pageUrl;
  if (patch.locationLat !== undefined) changes.location_lat = patch.locationLat;
  if (patch.locationLng !== undefined) changes.location_lng = patch.locationLng;
  // A pin is placed or moved with its sheet and both positions; `sheetId: null` removes it.
  if (pin.sheetId !== undefined) {
    changes.sheet_id = pin.sheetId;
    changes.pin_x = pin.sheetId === null ? null : (pin.pinX ?? null);
    changes.pin_y = pin.sheetId === null ? null : (pin.pinY ?? null);
  }
  return changes;
}

/**
 * The edit form: fields, new photos (appended after the kept ones) and removed photos in one
 * transaction. New files are stored before the commit and removed files deleted after it.
 */
export async function editReport(
  ctx: AppContext,
  user: UserRow,
  id: string,
  patch: ReportPatch,
  photos: ReportRequest["photos"],
  record?: RecordInTransaction,
  pin: ReportPin = {},
): Promise<Report> {
  const report = await requireReport(ctx, user, id);
  const changes = editChanges(report, patch, pin);
  if (patch.assignedTo) await requireAssignee(ctx, user, patch.assignedTo);
  if (pin.sheetId) await requireSheetForPin(ctx, user, pin.sheetId, report.project_id);
  const existing = await findAttachments(ctx.db, [id]);
  const removeIds = [...new Set(patch.removeAttachmentIds ?? [])];
  const removed = existing.filter((a) => removeIds.includes(a.id));
  if (removed.length !== removeIds.length) {
    throw badRequest("Photo not found on this report", { removeAttachmentIds: ["Photo not found on this report"] });
  }
  if (existing.length - removed.length + photos.length > MAX_PHOTOS_PER_REPORT) throw tooManyPhotos();
  if (Object.keys(changes).length === 0 && removed.length === 0 && photos.length === 0) {
    throw badRequest("Nothing to change: send a status, the fields to edit, or photos");
  }

  const now = nowSeconds();
  await assertStorageRoom(ctx, user.workspace_id, photoBytesOf(photos) - storedBytesOf(removed));
  const added = await storePhotos(ctx, photos, {
    reportId: id,
    workspaceId: user.workspace_id,
    firstPosition: Math.max(-1, ...existing.map((a) => a.position)) + 1,
    now,
  });
  let answer: Report;
  try {
    answer = await ctx.db.transaction().execute(async (trx) => {
      await updateReport(trx, user.workspace_id, id, { ...changes, updated_at: now });
      const after = { ...report, ...changes };
      if (after.assigned_to !== report.assigned_to) await notifyAssigned(trx, after, user.id);
      if (after.status !== report.status) await notifyStatusChanged(trx, after, after.status, user.id);
      await deleteAttachments(trx, id, removeIds);
      await releaseStorage(trx, user.workspace_id, storedBytesOf(removed));
      await insertAttachments(trx, added);
      await chargeStorage(ctx, trx, user.workspace_id, storedBytesOf(added));
      await record?.(trx, id);
      return readReport(trx, user.workspace_id, id);
    });
  } catch (err) {
    await discardFilesOfFailedWrite(ctx, fileKeysOf(added), err);
    throw err;
  }
  await deleteFilesQuietly(ctx, fileKeysOf(removed));
  return answer;
}

/**
 * PATCH /api/snagging/{id}: `{status}` alone is a status change; anything else is an edit. The body
 * is read only once the report is known to be the caller's, so no photo of a 404 is ever decoded.
 */
export async function patchReport(
  ctx: AppContext,
  user: UserRow,
  id: string,
  readRequest: () => Promise<ReportRequest>,
  record?: RecordInTransaction,
): Promise<Report> {
  await requireReport(ctx, user, id);
  const request = await readRequest();
  const patch = ReportPatchSchema.parse(request.fields);
  const pin = ReportPinSchema.parse(pinFieldsOf(request.fields));
  const given = [...Object.entries(patch), ...Object.entries(pin)].filter(([, v]) => v !== undefined);
  if (patch.status !== undefined && given.length === 1 && request.photos.length === 0) {
    return changeReportStatus(ctx, user, id, patch.status, record);
  }
  return editReport(ctx, user, id, patch, request.photos, record, pin);
}

/** To the Trash, in one transaction with its record; its files stay until the Trash is purged (trash/). */
export async function removeReport(
  ctx: AppContext,
  user: UserRow,
  id: string,
  record?: RecordInTransaction,
): Promise<void> {
  const report = await requireReport(ctx, user, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trashReport(trx, user, report);
    await record?.(trx, id);
  });
}
