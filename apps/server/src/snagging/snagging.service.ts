import type { InsightFilter } from "@sitesnag/shared/analytics";
import type { ReportStatus } from "@sitesnag/shared/enums";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { locationFieldsOf, type ReportLocation, ReportLocationSchema } from "@sitesnag/shared/locations";
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
import { mergeEdit } from "../activity/activity.merge";
import { type ActivityContext, recordEdit, recordReportDeleted } from "../activity/activity.writer";
import type { AppContext } from "../context";
import { answeredCursor, toPage } from "../db/keyset";
import type { AttachmentRow, Database, ReportRow, UserRow } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { requireLocationForReport } from "../locations/locations.access";
import { notifyAssigned, notifyStatusChanged } from "../notifications/notifications.service";
import { assertStorageRoom, chargeStorage, releaseStorage, storedBytesOf } from "../quotas/storage-quota";
import { requireSheetForPin } from "../sheets/sheets.access";
import { nowSeconds } from "../time";
import { requireOfferedTrade } from "../trades/trades.service";
import { trashReport } from "../trash/trash.service";
import { withUploadedPhotos } from "../uploads/upload-references";
import { enforceWorkflow } from "../workflow/workflow.rules";
import { type AssigneeColumns, requireAssignee, requireReport, UNASSIGNED_COLUMNS } from "./snagging.access";
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
  lockReport,
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

/** `waitingFor=me` as the repository's filter: the caller and whether they own the workspace (the list, the counts, the exports). */
export const withWaitingFor = <F extends { waitingFor?: "me" | undefined }>(user: UserRow, filters: F) => ({
  ...filters,
  waitingFor: filters.waitingFor ? { userId: user.id, isOwner: user.workspace_role === "owner" } : undefined,
});

/**
 * GET /api/snagging: one page (or, with neither `limit` nor `cursor`, every report up to the cap),
 * newest first, filters applied in SQL, with its attachments in one query bounded by the page.
 */
export async function listReports(
  ctx: AppContext,
  user: UserRow,
  query: ReportListQuery & InsightFilter,
): Promise<ReportList> {
  if (query.projectId !== undefined && !UUID_PATTERN.test(query.projectId))
    return { reports: [], ...answeredCursor(query, null) };
  const size = pageSize(query);
  const { rows, nextCursor } = toPage(
    await findReportsPage(ctx.db, user.workspace_id, withWaitingFor(user, query), query.cursor, size),
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
export async function countReports(
  ctx: AppContext,
  user: UserRow,
  filters: ReportFilter & InsightFilter,
): Promise<ReportCounts> {
  const counts: ReportCounts = { all: 0, open: 0, "in-progress": 0, resolved: 0, closed: 0 };
  if (filters.projectId !== undefined && !UUID_PATTERN.test(filters.projectId)) return counts;
  for (const { status, n } of await countReportsByStatus(ctx.db, user.workspace_id, withWaitingFor(user, filters))) {
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

const activityOf = (user: UserRow, now: number, record?: RecordInTransaction): ActivityContext => ({
  actor: user,
  now,
  offline: record?.offline,
  batchId: record?.batchId,
});

/** The detail screen's Change Status buttons. */
export async function changeReportStatus(
  ctx: AppContext,
  user: UserRow,
  id: string,
  status: ReportStatus,
  record?: RecordInTransaction,
) {
  await requireReport(ctx, user, id);
  return ctx.db.transaction().execute(async (trx) => {
    const report = await lockReport(trx, user.workspace_id, id);
    if (!report) throw notFound("Report");
    const now = nowSeconds();
    await enforceWorkflow(trx, user, report, status, 0);
    await updateReport(trx, user.workspace_id, id, { status, updated_at: now });
    if (status !== report.status) await notifyStatusChanged(trx, report, status, user.id);
    const after = { ...report, status, version: report.version + 1 };
    await recordEdit(trx, { before: report, after, version: after.version }, activityOf(user, now, record));
    await record?.(trx, id);
    return readReport(trx, user.workspace_id, id);
  });
}

export type EditChanges = Parameters<typeof updateReport>[3];

export function editChanges(
  report: ReportRow,
  patch: ReportPatch,
  pin: ReportPin,
  assignee: AssigneeColumns | undefined,
  place: ReportLocation = {},
): EditChanges {
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
  if (assignee !== undefined) Object.assign(changes, assignee);
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
  // A location of the tree (issue 36); null takes the report out of it.
  if (place.locationId !== undefined) changes.location_id = place.locationId;
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
  place: ReportLocation = {},
): Promise<Report> {
  const report = await requireReport(ctx, user, id);
  const assignee =
    patch.assignedTo === undefined
      ? undefined
      : patch.assignedTo === null
        ? UNASSIGNED_COLUMNS
        : await requireAssignee(ctx, user, patch.assignedTo);
  const changes = editChanges(report, patch, pin, assignee, place);
  // A report keeps its trade when retired; moving it to another trade needs one still offered.
  if (changes.category !== undefined && changes.category !== report.category) {
    await requireOfferedTrade(ctx, user.workspace_id, changes.category);
  }
  if (pin.sheetId) await requireSheetForPin(ctx, user, pin.sheetId, report.project_id);
  if (place.locationId) await requireLocationForReport(ctx.db, user, place.locationId, report.project_id);
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
    // Photos sent with the change that marks the report resolved are its fix (issue 23: before/after).
    kind: patch.status === "resolved" ? "fix" : "evidence",
  });
  let answer: Report;
  try {
    answer = await ctx.db.transaction().execute(async (trx) => {
      const photoChanges = { added, removed, removeIds };
      await applyEdit(ctx, trx, user, id, changes, patch.version, activityOf(user, now, record), photoChanges);
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

/** What an edit adds to and removes from the report's photos. */
export type PhotoChanges = {
  added: Awaited<ReturnType<typeof storePhotos>>;
  removed: readonly AttachmentRow[];
  removeIds: readonly string[];
};
const NO_PHOTOS: PhotoChanges = { added: [], removed: [], removeIds: [] };

/**
 * One report's edit inside `trx`: the locked re-read, the merge against the version the edit was
 * made on (no silent overwrite), the workflow's gates, the write, its notifications and its
 * history. The edit form and each report of a bulk change (snagging.bulk.ts) both go through it.
 */
export async function applyEdit(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: UserRow,
  id: string,
  changes: EditChanges,
  version: number | undefined,
  activity: ActivityContext,
  photos: PhotoChanges = NO_PHOTOS,
): Promise<{ before: ReportRow; after: ReportRow }> {
  // Re-read (locked) inside the transaction: the merge compares against the version it commits on.
  const current = await lockReport(trx, user.workspace_id, id);
  if (!current) throw notFound("Report");
  const { added, removed } = photos;
  const merged = await mergeEdit(trx, current, changes, version, activity);
  await enforceWorkflow(trx, user, current, merged.columns.status ?? current.status, added.length);
  const writes = Object.keys(merged.columns).length > 0 || removed.length > 0 || added.length > 0;
  if (writes) await updateReport(trx, user.workspace_id, id, { ...merged.columns, updated_at: activity.now });
  const after = { ...current, ...merged.columns, version: current.version + (writes ? 1 : 0) };
  if (after.assigned_to !== current.assigned_to) await notifyAssigned(trx, after, user.id, activity.batchId);
  if (after.status !== current.status) await notifyStatusChanged(trx, after, after.status, user.id, activity.batchId);
  await deleteAttachments(trx, id, photos.removeIds);
  await releaseStorage(trx, user.workspace_id, storedBytesOf(removed));
  await insertAttachments(trx, added);
  await chargeStorage(ctx, trx, user.workspace_id, storedBytesOf(added));
  await recordEdit(
    trx,
    {
      before: current,
      after,
      version: writes ? after.version : null,
      replaced: merged.replaced,
      lost: merged.lost,
      photosAdded: added.map((a) => a.original_name),
      photosRemoved: removed.map((a) => a.original_name),
    },
    activity,
  );
  return { before: current, after };
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
  const read = await readRequest();
  const patch = ReportPatchSchema.parse(read.fields);
  const pin = ReportPinSchema.parse(pinFieldsOf(read.fields));
  const place = ReportLocationSchema.parse(locationFieldsOf(read.fields));
  // Photos named by hash are read once the fields are known to be valid.
  const request = await withUploadedPhotos(ctx, user, read);
  const given = [...Object.entries(patch), ...Object.entries(pin), ...Object.entries(place)].filter(
    ([, v]) => v !== undefined,
  );
  if (patch.status !== undefined && given.length === 1 && request.photos.length === 0) {
    return changeReportStatus(ctx, user, id, patch.status, record);
  }
  return editReport(ctx, user, id, patch, request.photos, record, pin, place);
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
    // Recorded first, so the entry goes into the Trash with the report's history (issue 23).
    await recordReportDeleted(trx, report, activityOf(user, nowSeconds(), record));
    await trashReport(trx, user, report);
    await record?.(trx, id);
  });
}
