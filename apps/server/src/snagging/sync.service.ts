// POST /api/snagging/sync (DESIGN §4): applies a browser's queued changes in order, each
// (user, tempId) at most once. The ledger row is written by the report service inside the same
// transaction as the change (RecordInTransaction), so a change and its record commit together; a
// concurrent duplicate fails on the ledger's primary key, rolls back, and is answered as a replay.
import { BulkRequestSchema } from "@sitesnag/shared/bulk";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { ReportStatusSchema } from "@sitesnag/shared/snagging";
import {
  isCommentSyncAction,
  type SyncAction,
  type SyncItemFailure,
  SyncItemSchema,
  type SyncResult,
} from "@sitesnag/shared/sync";
import { ZodError } from "zod";
import { applyCommentItem } from "../comments/comments.sync";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { detailsFromIssues, firstMessage } from "../http/error-handler";
import { AppError, badRequest } from "../http/errors";
import { applyNewLocations, resolveSyncLocation } from "../locations/locations.sync";
import { timeSlicer } from "../quotas/yield";
import { nowSeconds } from "../time";
import { takePhotoHashes } from "../uploads/upload-references";
import { bulkChange } from "./snagging.bulk";
import { createReport, type RecordInTransaction } from "./snagging.create";
import { findReport } from "./snagging.repository";
import { changeReportStatus, patchReport, removeReport } from "./snagging.service";
import type { UploadedPhoto } from "./snagging.uploads";
import { findApplied, insertApplied } from "./sync.ledger";
import type { SyncPhotos, SyncRequest } from "./sync.request";

/** The ledger's row, and the history's offline mark with the time the change was made on the device. */
function recorder(user: UserRow, tempId: string, action: SyncAction, timestamp: number | undefined) {
  const record: RecordInTransaction = async (trx, reportId) => {
    await insertApplied(trx, user.id, tempId, action, reportId);
  };
  // The queue stamps items in milliseconds; a device clock ahead of ours is taken as now.
  const madeAt =
    typeof timestamp === "number" && Number.isFinite(timestamp) && timestamp > 0
      ? Math.min(Math.floor(timestamp / 1000), nowSeconds())
      : null;
  record.offline = { deviceAt: madeAt };
  return record;
}

/** The report an update/status/delete targets: a real id, or the tempId of a create already applied. */
async function resolveTarget(ctx: AppContext, user: UserRow, data: Record<string, unknown>): Promise<string> {
  const ref = data.reportId;
  if (typeof ref !== "string" || ref.length === 0 || ref.length > 100) {
    throw badRequest("reportId is required: the report this change applies to.", {
      reportId: ["reportId is required"],
    });
  }
  if (UUID_PATTERN.test(ref)) {
    // A client may use UUIDs as tempIds too: an applied create under that tempId wins.
    const created = await findApplied(ctx.db, user.id, ref);
    return created?.action === "create" ? created.result_id : ref;
  }
  const created = await findApplied(ctx.db, user.id, ref);
  if (created?.action === "create") return created.result_id;
  throw new AppError(404, "Report not found: it was not created yet or has been deleted.");
}

function photosOf(names: readonly string[] | undefined, photos: SyncPhotos): UploadedPhoto[] {
  return (names ?? []).map((name) => {
    const photo = photos.get(name);
    if (!photo) throw badRequest(`The photo part '${name}' was not sent with this request.`);
    if (photo instanceof AppError) throw photo;
    return photo;
  });
}

/**
 * Locations made offline (`data.newLocations`, issue 36) are applied first, then `data.locationId`
 * is resolved to the server's id (or none, when the location was deleted meanwhile).
 */
async function withSyncLocation(
  ctx: AppContext,
  user: UserRow,
  createProjectId: unknown,
  data: Record<string, unknown>,
): Promise<void> {
  const { newLocations } = data;
  delete data.newLocations;
  if (newLocations === undefined && (data.locationId === undefined || data.locationId === null)) return;
  let projectId = createProjectId;
  if (projectId === undefined) {
    const target = typeof data.reportId === "string" ? await resolveTarget(ctx, user, data) : undefined;
    projectId =
      target && UUID_PATTERN.test(target)
        ? (await findReport(ctx.db, user.workspace_id, target))?.project_id
        : undefined;
  }
  const made = await applyNewLocations(ctx, user, projectId, newLocations);
  if (data.locationId !== undefined)
    data.locationId = await resolveSyncLocation(ctx, user, projectId, data.locationId, made);
}

/** What applying an item answers: the report's id, or a bulk's batch id with the reports it left unchanged. */
type Applied = string | { id: string; failures: SyncItemFailure[] };

async function apply(ctx: AppContext, user: UserRow, raw: unknown, photos: SyncPhotos): Promise<Applied> {
  const item = SyncItemSchema.parse(raw);
  const record = recorder(user, item.tempId, item.action, item.timestamp);
  const takesPhotos = item.action === "create" || item.action === "update" || item.action === "comment_add";
  if (!takesPhotos && item.photos?.length) {
    throw badRequest("Photos can only come with a create, an update or a new comment.");
  }
  // `data.photoHashes`: photos uploaded before by hash (decision 0025), resolved by the service.
  const taken = takePhotoHashes(item.data);
  const { photoHashes, named } = taken;
  const data = taken.fields as Record<string, unknown>;
  if (!takesPhotos && photoHashes?.length) {
    throw badRequest("Photos can only come with a create, an update or a new comment.");
  }
  if (item.action === "create" || item.action === "update") {
    await withSyncLocation(ctx, user, item.action === "create" ? data.projectId : undefined, data);
  }
  if (item.action === "create") {
    // A create's tempId doubles as its Idempotency-Key: a form upload whose answer was lost and
    // which was then queued offline under the same key is recognised, not created twice.
    const request = { fields: data, photos: photosOf(item.photos, photos), ...named };
    const { report } = await createReport(ctx, user, request, item.tempId, record);
    return report.id;
  }
  if (item.action === "bulk") return applyBulkItem(ctx, user, item.tempId, data, record.offline);
  const id = await resolveTarget(ctx, user, item.data);
  if (isCommentSyncAction(item.action)) {
    // A comment on a report (maybe one created offline just before: the target resolves as above).
    const comment = { action: item.action, reportId: id, data, photos: photosOf(item.photos, photos), named };
    return applyCommentItem(ctx, user, comment, { key: item.tempId, offline: record.offline });
  }
  if (item.action === "status") {
    // With the version it was queued on (a status is a field like any other); without, as before.
    const { status } = ReportStatusSchema.parse(item.data);
    const { version } = item.data;
    if (version === undefined) await changeReportStatus(ctx, user, id, status, record);
    else await patchReport(ctx, user, id, async () => ({ fields: { status, version }, photos: [] }), record);
  } else if (item.action === "update") {
    const { reportId: _target, ...fields } = data;
    await patchReport(ctx, user, id, async () => ({ fields, photos: photosOf(item.photos, photos), ...named }), record);
  } else {
    await removeReport(ctx, user, id, record);
  }
  return id;
}

/**
 * A bulk change queued offline as one item (decision 0075): applied as POST /api/snagging/bulk with
 * a key of its own (so a try that died half-way finishes the rest), then the item's ledger row. It
 * fails as a whole only when no report could be changed; otherwise the reports that failed are
 * in their history as unchanged, and the item is done.
 */
async function applyBulkItem(
  ctx: AppContext,
  user: UserRow,
  tempId: string,
  data: Record<string, unknown>,
  offline: RecordInTransaction["offline"],
): Promise<Applied> {
  const request = BulkRequestSchema.parse(data);
  const { batchId, results } = await bulkChange(ctx, user, request, `sync:${tempId}`, offline);
  const failed = results.filter((r) => !r.ok);
  const [firstFailure] = failed;
  if (firstFailure && failed.length === results.length) throw badRequest(firstFailure.error ?? "Report not found");
  await insertApplied(ctx.db, user.id, tempId, "bulk", batchId);
  if (failed.length === 0) return batchId;
  // The person is told which reports stayed as they were, and why (the answer to this request
  // only: a resend answered from the ledger says the item is done, without the list).
  const titles = await titlesOf(
    ctx,
    user,
    failed.map((r) => r.id),
  );
  const failures = failed.map((r) => ({ id: r.id, title: titles.get(r.id) ?? null, error: r.error ?? "" }));
  return { id: batchId, failures };
}

/** The titles of the workspace's reports among `ids`, also of those moved to the Trash since. */
async function titlesOf(ctx: AppContext, user: UserRow, ids: readonly string[]): Promise<Map<string, string>> {
  const valid = [...new Set(ids.filter((id) => UUID_PATTERN.test(id)))];
  const titles = new Map<string, string>();
  if (valid.length === 0) return titles;
  const live = await ctx.db
    .selectFrom("snagging_reports")
    .select(["id", "title"])
    .where("workspace_id", "=", user.workspace_id)
    .where("id", "in", valid)
    .execute();
  for (const r of live) titles.set(r.id, r.title);
  const gone = valid.filter((id) => !titles.has(id));
  if (gone.length > 0) {
    const trashed = await ctx.db
      .selectFrom("trash_items")
      .select(["item_id", "name"])
      .where("workspace_id", "=", user.workspace_id)
      .where("kind", "=", "report")
      .where("item_id", "in", gone)
      .execute();
    for (const r of trashed) titles.set(r.item_id, r.name);
  }
  return titles;
}

const tempIdOf = (raw: unknown): string | null => {
  const t = (raw as { tempId?: unknown } | null)?.tempId;
  return typeof t === "string" ? t.slice(0, 100) : null;
};

function failure(tempId: string | null, err: unknown): SyncResult | null {
  if (err instanceof AppError) {
    const error =
      err.statusCode === 404 && !err.message.startsWith("Comment")
        ? "Report not found: it may have been deleted, so this change cannot be applied."
        : err.message;
    return { success: false, tempId, id: null, error, statusCode: err.statusCode };
  }
  if (err instanceof ZodError) {
    return { success: false, tempId, id: null, error: firstMessage(detailsFromIssues(err.issues)), statusCode: 400 };
  }
  return null;
}

async function applyOnce(ctx: AppContext, user: UserRow, raw: unknown, photos: SyncPhotos): Promise<SyncResult> {
  const tempId = tempIdOf(raw);
  try {
    if (tempId !== null) {
      const applied = await findApplied(ctx.db, user.id, tempId);
      if (applied) return { success: true, tempId, id: applied.result_id };
    }
    const applied = await apply(ctx, user, raw, photos);
    return typeof applied === "string"
      ? { success: true, tempId, id: applied }
      : { success: true, tempId, id: applied.id, failures: applied.failures };
  } catch (err) {
    // Another request carrying the same item committed first: this one rolled back; answer as it.
    if (tempId !== null && uniqueViolation(err)?.includes("sync_applied")) {
      const applied = await findApplied(ctx.db, user.id, tempId);
      if (applied) return { success: true, tempId, id: applied.result_id };
    }
    const known = failure(tempId, err);
    if (known) return known;
    ctx.log.error({ err }, "sync item failed");
    return {
      success: false,
      tempId,
      id: null,
      error: "The server could not apply this change; it will be retried.",
      statusCode: 500,
    };
  }
}

/**
 * One result per item, in order; an item's failure never stops the ones after it. Each item is
 * its own transaction (with its ledger row), so handing the event loop back between items
 * (timeSlicer) changes nothing of the exactly-once rule: other requests just run in between.
 */
export async function syncBatch(ctx: AppContext, user: UserRow, request: SyncRequest): Promise<SyncResult[]> {
  const results: SyncResult[] = [];
  const yieldSlice = timeSlicer();
  for (const raw of request.items) {
    await yieldSlice();
    results.push(await applyOnce(ctx, user, raw, request.photos));
  }
  return results;
}
