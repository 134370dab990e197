// Creating a report with its photos (DESIGN §4). Files are stored first under fresh keys, then the
// report, its attachments and its Idempotency-Key row are inserted in one transaction; if that
// transaction fails the files are deleted again, so a failed request leaves nothing behind.
import { createHash } from "node:crypto";
import { locationFieldsOf, type ReportLocation, ReportLocationSchema } from "@sitesnag/shared/locations";
import { generateReference, isValidReference } from "@sitesnag/shared/reference";
import { pinFieldsOf, type ReportPin, ReportPinSchema } from "@sitesnag/shared/sheets";
import { type Report, type ReportCreate, ReportCreateSchema } from "@sitesnag/shared/snagging";
import type { Transaction } from "kysely";
import { type Origin, recordCreated } from "../activity/activity.writer";
import type { AppContext } from "../context";
import type { Database, IdempotencyKeysTable, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { conflict } from "../http/errors";
import { newId } from "../ids";
import { requireLocationForReport } from "../locations/locations.access";
import { notifyAssigned } from "../notifications/notifications.service";
import { assertStorageRoom, chargeStorage, storedBytesOf } from "../quotas/storage-quota";
import { requireSheetForPin } from "../sheets/sheets.access";
import { nowSeconds } from "../time";
import { defaultTradeKey, requireOfferedTrade } from "../trades/trades.service";
import { withUploadedPhotos } from "../uploads/upload-references";
import { requireAssignee, requireProjectField, UNASSIGNED_COLUMNS } from "./snagging.access";
import { discardFilesOfFailedWrite, fileKeysOf, photoBytesOf, storePhotos } from "./snagging.files";
import {
  findIdempotencyKey,
  insertAttachments,
  insertIdempotencyKey,
  insertReport,
  isTitleTaken,
  withMilestones,
} from "./snagging.repository";
import { getReport, readReport } from "./snagging.service";
import type { ReportRequest } from "./snagging.uploads";

/**
 * Written inside the transaction that makes a change, so the change and its record (the sync
 * ledger's row) commit together or not at all. `offline` says the change came through the offline
 * queue (the history marks it so, with the time it was made on the device).
 */
export type RecordInTransaction = ((trx: Transaction<Database>, reportId: string) => Promise<void>) & Origin;

const MAX_TITLE_DRAWS = 25;
const MAX_TRANSACTION_ATTEMPTS = 4;

/** The requested reference when valid and free, else a fresh draw (a collision draws again). */
async function pickTitle(trx: Transaction<Database>, workspaceId: string, requested: string | undefined, now: number) {
  if (requested && isValidReference(requested) && !(await isTitleTaken(trx, workspaceId, requested))) return requested;
  for (let i = 0; i < MAX_TITLE_DRAWS; i += 1) {
    const title = generateReference(new Date(now * 1000));
    if (!(await isTitleTaken(trx, workspaceId, title))) return title;
  }
  throw conflict("Could not allocate a free reference number today. Please try again.");
}

/**
 * What an Idempotency-Key is bound to: the fields, the pin when there is one, and the photos' bytes
 * (their SHA-256s in order), the same whether the photos came as parts or by `photoHashes`, so a
 * form upload whose answer was lost and which is then sent by hash from the offline queue is
 * recognised as the same request.
 */
const hashRequest = (input: ReportCreate, pin: ReportPin, place: ReportLocation, request: ReportRequest): string =>
  createHash("sha256")
    .update(JSON.stringify(input))
    .update(pin.sheetId ? JSON.stringify(pin) : "")
    .update(place.locationId ? JSON.stringify(place) : "")
    .update(JSON.stringify(request.photoHashes ?? request.photos.map((p) => p.sourceSha256)))
    .digest("hex");

/** The binding keys stored before photoHashes had: the photos' names were part of it. */
const legacyHashRequest = (input: ReportCreate, pin: ReportPin, request: ReportRequest): string =>
  createHash("sha256")
    .update(JSON.stringify(input))
    .update(pin.sheetId ? JSON.stringify(pin) : "")
    .update(JSON.stringify(request.photos.map((p) => [p.sourceSha256, p.originalName])))
    .digest("hex");

async function replay(
  ctx: AppContext,
  user: UserRow,
  key: IdempotencyKeysTable,
  requestHashes: readonly string[],
): Promise<Report> {
  if (!requestHashes.includes(key.request_hash)) {
    throw conflict("This Idempotency-Key was already used for a different request.");
  }
  return getReport(ctx, user, key.report_id);
}

/**
 * The trade a new report is filed under (issue 36): the one named, which must be offered (not
 * retired, of this workspace); none named gives `other`, or the first offered trade once `other`
 * is retired, so clients that never send a category keep working.
 */
async function categoryOf(ctx: AppContext, user: UserRow, input: ReportCreate, fields: unknown) {
  const given = (fields as { category?: unknown } | null)?.category;
  const named = typeof given === "string" && given.trim() !== "";
  if (!named) return defaultTradeKey(ctx, user.workspace_id);
  await requireOfferedTrade(ctx, user.workspace_id, input.category);
  return input.category;
}

export async function createReport(
  ctx: AppContext,
  user: UserRow,
  given: ReportRequest,
  idempotencyKey: string | undefined,
  record?: RecordInTransaction,
): Promise<{ report: Report; replayed: boolean }> {
  const input = ReportCreateSchema.parse(given.fields);
  const pin = ReportPinSchema.parse(pinFieldsOf(given.fields));
  const place = ReportLocationSchema.parse(locationFieldsOf(given.fields));
  const requestHash = hashRequest(input, pin, place, given);
  const acceptedHashes = given.photoHashes ? [requestHash] : [requestHash, legacyHashRequest(input, pin, given)];
  if (idempotencyKey) {
    const used = await findIdempotencyKey(ctx.db, user.id, idempotencyKey);
    if (used) return { report: await replay(ctx, user, used, acceptedHashes), replayed: true };
  }
  await requireProjectField(ctx, user, input.projectId);
  const category = await categoryOf(ctx, user, input, given.fields);
  const assignee = input.assignedTo ? await requireAssignee(ctx, user, input.assignedTo) : UNASSIGNED_COLUMNS;
  if (pin.sheetId) await requireSheetForPin(ctx, user, pin.sheetId, input.projectId);
  if (place.locationId) await requireLocationForReport(ctx.db, user, place.locationId, input.projectId);
  // Photos named by hash are read only now: a replay above needs none of them.
  const request = await withUploadedPhotos(ctx, user, given);

  const now = nowSeconds();
  const reportId = newId();
  await assertStorageRoom(ctx, user.workspace_id, photoBytesOf(request.photos));
  const attachments = await storePhotos(ctx, request.photos, {
    reportId,
    workspaceId: user.workspace_id,
    firstPosition: 0,
    now,
  });
  let answer: Report;
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        answer = await ctx.db.transaction().execute(async (trx) => {
          const title = await pickTitle(trx, user.workspace_id, attempt === 1 ? input.title : undefined, now);
          const row = {
            id: reportId,
            workspace_id: user.workspace_id,
            project_id: input.projectId,
            title,
            description: input.description,
            status: input.status,
            priority: input.priority,
            category,
            ...assignee,
            created_by: user.id,
            due_date: input.dueDate,
            location_lat: input.locationLat,
            location_lng: input.locationLng,
            page_url: input.pageUrl,
            sheet_id: pin.sheetId ?? null,
            pin_x: pin.sheetId ? (pin.pinX ?? null) : null,
            pin_y: pin.sheetId ? (pin.pinY ?? null) : null,
            location_id: place.locationId ?? null,
            bcf_guid: null,
            created_at: now,
            updated_at: now,
          };
          await insertReport(trx, row);
          await insertAttachments(trx, attachments);
          await chargeStorage(ctx, trx, user.workspace_id, storedBytesOf(attachments));
          await recordCreated(
            trx,
            { ...withMilestones(row), version: 1, rejection_count: 0 },
            attachments.map((a) => a.original_name),
            { actor: user, now, offline: record?.offline },
          );
          const notified = {
            workspace_id: user.workspace_id,
            title,
            assigned_to: assignee.assigned_to,
            created_by: user.id,
          };
          await notifyAssigned(trx, { id: reportId, ...notified }, user.id);
          if (idempotencyKey) {
            await insertIdempotencyKey(trx, {
              user_id: user.id,
              key: idempotencyKey,
              request_hash: requestHash,
              report_id: reportId,
              created_at: now,
            });
          }
          await record?.(trx, reportId);
          // Read before the commit: once it is acknowledged the answer is in hand (issue 22).
          return readReport(trx, user.workspace_id, reportId);
        });
        break;
      } catch (err) {
        // A concurrent request took the same reference between our check and our insert: draw again.
        if (uniqueViolation(err)?.includes("title") && attempt < MAX_TRANSACTION_ATTEMPTS) continue;
        throw err;
      }
    }
  } catch (err) {
    await discardFilesOfFailedWrite(ctx, fileKeysOf(attachments), err);
    // A concurrent request with the same Idempotency-Key committed first: answer as its replay.
    if (idempotencyKey && uniqueViolation(err)?.includes("idempotency")) {
      const used = await findIdempotencyKey(ctx.db, user.id, idempotencyKey);
      if (used) return { report: await replay(ctx, user, used, acceptedHashes), replayed: true };
    }
    throw err;
  }
  return { report: answer, replayed: false };
}
