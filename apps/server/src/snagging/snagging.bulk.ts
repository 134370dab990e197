// POST /api/snagging/bulk (issue 39, decision 0075): one set of changes applied to up to 1,000
// reports of the caller's workspace. Each report goes through the single edit's rules (applyEdit:
// no silent overwrite, the workflow's gates, notifications, history), the comment and the Trash
// through the same writers as one by one. Reports are written in chunks of BULK_CHUNK, one
// transaction per chunk, each report under a savepoint so one refusal leaves the others of its
// chunk standing. Every history entry and notification carries the request's batch id; the
// notifications are held until the last chunk, then released together so the mailer sends each
// person one message for the batch (notification-mail.jobs.ts). With an Idempotency-Key each
// report's change is recorded in the sync ledger under the key, so a retried request (or one
// that died half-way) applies each report at most once and answers the same batch id.
import type { InsightFilter } from "@sitesnag/shared/analytics";
import {
  type BulkBefore,
  type BulkChanges,
  type BulkRequest,
  type BulkResponse,
  type BulkResult,
  MAX_BULK_IDS,
  type ReportIds,
} from "@sitesnag/shared/bulk";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { ReportListQuery, ReportPatch } from "@sitesnag/shared/snagging";
import { type Kysely, sql, type Transaction } from "kysely";
import { type ActivityContext, type Origin, recordComment, recordReportDeleted } from "../activity/activity.writer";
import { insertComment } from "../comments/comments.repository";
import type { AppContext } from "../context";
import type { Database, ReportRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, conflict } from "../http/errors";
import { newId } from "../ids";
import { requireLocationForReport } from "../locations/locations.access";
import { timeSlicer } from "../quotas/yield";
import { nowSeconds } from "../time";
import { requireOfferedTrade } from "../trades/trades.service";
import { trashReport } from "../trash/trash.service";
import { type AssigneeColumns, requireAssignee, UNASSIGNED_COLUMNS } from "./snagging.access";
import { findReportsPage } from "./snagging.repository";
import { applyEdit, countReports, editChanges, withWaitingFor } from "./snagging.service";
import { findApplied, insertApplied } from "./sync.ledger";

/** Reports written per transaction: a bulk of 1,000 never holds the database for long. */
export const BULK_CHUNK = 100;
export const BULK_KEY_REUSED = "This Idempotency-Key was already used for a different request.";
const NOT_FOUND = "Report not found";
const FAILED = "The server could not apply this change; nothing was changed on this report.";

type Q = Kysely<Database> | Transaction<Database>;

/** The ledger's row for one report of a keyed bulk. */
const itemKey = (key: string, id: string) => `bulk:${key}:${id}`;

const findReports = async (db: Q, workspaceId: string, ids: readonly string[]): Promise<Map<string, ReportRow>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("snagging_reports")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
};

/** The edit's fields as the single PATCH reads them. */
const patchOf = (c: BulkChanges): ReportPatch =>
  ({
    status: c.status,
    priority: c.priority,
    category: c.category,
    dueDate: c.dueDate,
    assignedTo: c.assignedTo,
  }) as ReportPatch;

const hasEdit = (c: BulkChanges) =>
  [c.status, c.priority, c.category, c.dueDate, c.assignedTo, c.locationId].some((v) => v !== undefined);

/** Checks whose answer is the same for many reports (a trade, a location per project), asked once each. */
function memo<T>(compute: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (key) => {
    let p = seen.get(key);
    if (!p) {
      p = compute(key);
      seen.set(key, p);
    }
    return p;
  };
}

/** The batch id of a keyed request (the same on every retry), or a fresh one. */
async function batchFor(ctx: AppContext, user: UserRow, key: string | undefined): Promise<string> {
  if (key === undefined) return newId();
  const existing = await findApplied(ctx.db, user.id, key);
  if (existing) {
    if (existing.action !== "bulk") throw conflict(BULK_KEY_REUSED);
    return existing.result_id;
  }
  const batchId = newId();
  try {
    await insertApplied(ctx.db, user.id, key, "bulk", batchId);
    return batchId;
  } catch (err) {
    // The same request arrived twice at once: both use the batch id of the one that came first.
    if (!uniqueViolation(err)?.includes("sync_applied")) throw err;
    const first = await findApplied(ctx.db, user.id, key);
    if (first?.action !== "bulk") throw conflict(BULK_KEY_REUSED);
    return first.result_id;
  }
}

export async function bulkChange(
  ctx: AppContext,
  user: UserRow,
  request: BulkRequest,
  key: string | undefined,
  offline?: Origin["offline"],
): Promise<BulkResponse> {
  const { changes } = request;
  const ids = [...new Set(request.ids)];
  // Request-wide checks first: a bad assignee or trade is the request's error, and nothing is written.
  const assignee: AssigneeColumns | undefined =
    changes.assignedTo === undefined
      ? undefined
      : changes.assignedTo === null
        ? UNASSIGNED_COLUMNS
        : await requireAssignee(ctx, user, changes.assignedTo);
  const tradeOffered = memo((trade) => requireOfferedTrade(ctx, user.workspace_id, trade));
  const locationIn = memo(async (projectId) => {
    if (changes.locationId) await requireLocationForReport(ctx.db, user, changes.locationId, projectId);
  });
  const batchId = await batchFor(ctx, user, key);
  const patch = patchOf(changes);
  const place = changes.locationId === undefined ? {} : { locationId: changes.locationId };

  const results = new Map<string, BulkResult>();
  const yieldSlice = timeSlicer();
  for (let start = 0; start < ids.length; start += BULK_CHUNK) {
    await yieldSlice();
    const chunk = ids.slice(start, start + BULK_CHUNK);
    const reports = await findReports(
      ctx.db,
      user.workspace_id,
      chunk.filter((id) => UUID_PATTERN.test(id)),
    );
    // Checks made before the chunk's transaction: another workspace's id answers "not found".
    const ready: { id: string; report: ReportRow }[] = [];
    for (const id of chunk) {
      const report = reports.get(id);
      if (!report) {
        results.set(id, { id, ok: false, error: NOT_FOUND });
        continue;
      }
      try {
        if (changes.category !== undefined && changes.category !== report.category)
          await tradeOffered(changes.category);
        if (changes.locationId) await locationIn(report.project_id);
        ready.push({ id, report });
      } catch (err) {
        results.set(id, failure(ctx, id, err));
      }
    }
    await ctx.db.transaction().execute(async (trx) => {
      const now = nowSeconds();
      const activity: ActivityContext = { actor: user, now, batchId, offline };
      for (const { id, report } of ready) {
        await sql`savepoint bulk_item`.execute(trx);
        try {
          let result: BulkResult = { id, ok: true };
          if (key !== undefined && (await findApplied(trx, user.id, itemKey(key, id)))) {
            // Applied by an earlier try of this request: answered as done, not applied again.
          } else {
            const version = request.versions?.[id];
            const edit = await applyOne(ctx, trx, user, report, changes, patch, assignee, place, version, activity);
            if (edit) result = { id, ok: true, version: edit.after.version, before: beforeOf(edit.before, changes) };
            if (key !== undefined) await insertApplied(trx, user.id, itemKey(key, id), "bulk_item", batchId);
          }
          await sql`release savepoint bulk_item`.execute(trx);
          results.set(id, result);
        } catch (err) {
          await sql`rollback to savepoint bulk_item`.execute(trx);
          await sql`release savepoint bulk_item`.execute(trx);
          // The same keyed request applied this report meanwhile (a concurrent retry): done once.
          if (key !== undefined && uniqueViolation(err)?.includes("sync_applied")) results.set(id, { id, ok: true });
          else results.set(id, failure(ctx, id, err));
        }
      }
    });
  }
  // Every chunk is written: the batch's notifications go to the mailer together.
  await ctx.db
    .updateTable("notifications")
    .set({ mail_state: null })
    .where("batch_id", "=", batchId)
    .where("mail_state", "=", "held")
    .execute();
  return { batchId, results: ids.map((id) => results.get(id) ?? { id, ok: false, error: FAILED }) };
}

async function applyOne(
  ctx: AppContext,
  trx: Transaction<Database>,
  user: UserRow,
  report: ReportRow,
  changes: BulkChanges,
  patch: ReportPatch,
  assignee: AssigneeColumns | undefined,
  place: { locationId?: string | null },
  version: number | undefined,
  activity: ActivityContext,
): Promise<{ before: ReportRow; after: ReportRow } | undefined> {
  if (changes.trash) {
    const current = await trx
      .selectFrom("snagging_reports")
      .selectAll()
      .where("workspace_id", "=", user.workspace_id)
      .where("id", "=", report.id)
      .executeTakeFirst();
    if (!current) throw new AppError(404, NOT_FOUND);
    await recordReportDeleted(trx, current, activity);
    await trashReport(trx, user, current);
    return undefined;
  }
  const edited = hasEdit(changes)
    ? await applyEdit(ctx, trx, user, report.id, editChanges(report, patch, {}, assignee, place), version, activity)
    : undefined;
  if (changes.comment !== undefined) {
    await insertComment(
      trx,
      {
        id: newId(),
        report_id: report.id,
        workspace_id: user.workspace_id,
        author_id: user.id,
        body: changes.comment,
        edited_at: null,
        created_at: activity.now,
        mentioned: "[]",
      },
      [],
    );
    await recordComment(trx, report, "comment_added", changes.comment, activity);
  }
  return edited;
}

/** The values the changed fields had, as `changes` names them: sent back by Undo. */
function beforeOf(row: ReportRow, changes: BulkChanges): BulkBefore {
  const before: BulkBefore = {};
  if (changes.assignedTo !== undefined) before.assignedTo = row.assigned_to ?? row.assigned_contact_id;
  if (changes.status !== undefined) before.status = row.status;
  if (changes.priority !== undefined) before.priority = row.priority;
  if (changes.dueDate !== undefined) before.dueDate = row.due_date;
  if (changes.category !== undefined) before.category = row.category;
  if (changes.locationId !== undefined) before.locationId = row.location_id;
  return before;
}

function failure(ctx: AppContext, id: string, err: unknown): BulkResult {
  if (err instanceof AppError) return { id, ok: false, error: err.message };
  ctx.log.error({ err }, "bulk change of a report failed");
  return { id, ok: false, error: FAILED };
}

/** GET /api/snagging/ids: what "Select all N matching" selects (the first 1,000) and N. */
export async function matchingReportIds(
  ctx: AppContext,
  user: UserRow,
  query: ReportListQuery & InsightFilter,
): Promise<ReportIds> {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  if (filters.projectId !== undefined && !UUID_PATTERN.test(filters.projectId)) return { ids: [], total: 0 };
  const [rows, counts] = await Promise.all([
    findReportsPage(ctx.db, user.workspace_id, withWaitingFor(user, filters), undefined, MAX_BULK_IDS),
    countReports(ctx, user, filters),
  ]);
  const total = filters.status ? counts[filters.status] : counts.all;
  return {
    ids: rows.slice(0, MAX_BULK_IDS).map((r) => r.id),
    total: Math.max(total, Math.min(rows.length, MAX_BULK_IDS)),
  };
}
