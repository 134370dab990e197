// Notifications (DESIGN §5). The notify* functions are called by the snagging service inside the
// transaction that changes the report, so a notification exists exactly when its change does.
// Nobody is notified of their own action.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { NotificationKind, NotificationList } from "@sitesnag/shared/notifications";
import type { CursorKey } from "@sitesnag/shared/pagination";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { Database, ReportRow, UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import { presentNotification } from "./notifications.presenter";
import {
  countNotifications,
  findNotificationsPage,
  insertNotifications,
  markAllRead,
  markRead,
} from "./notifications.repository";

type Q = Kysely<Database> | Transaction<Database>;
type ReportRef = Pick<ReportRow, "id" | "workspace_id" | "title" | "assigned_to" | "created_by">;

const row = (
  report: ReportRef,
  userId: string,
  actorId: string,
  kind: NotificationKind,
  status: ReportRow["status"] | null,
  now: number,
  detail: string | null = null,
) => ({
  id: newId(),
  user_id: userId,
  workspace_id: report.workspace_id,
  report_id: report.id,
  actor_id: actorId,
  kind,
  report_title: report.title,
  status,
  read_at: null,
  created_at: now,
  detail,
});

/**
 * A bulk change's notifications (migration 0050) are held (`mail_state` "held") until the whole
 * batch is written, then released together, so the mailer sends each person one message for it.
 */
const batchColumns = (batchId: string | undefined) =>
  batchId ? { batch_id: batchId, mail_state: "held" as const } : {};

/** The report now has `report.assigned_to` as assignee, set by `actorId`. */
export async function notifyAssigned(db: Q, report: ReportRef, actorId: string, batchId?: string): Promise<void> {
  if (report.assigned_to === null || report.assigned_to === actorId) return;
  await insertNotifications(db, [
    {
      id: newId(),
      user_id: report.assigned_to,
      workspace_id: report.workspace_id,
      report_id: report.id,
      actor_id: actorId,
      kind: "assigned",
      report_title: report.title,
      status: null,
      read_at: null,
      created_at: nowSeconds(),
      ...batchColumns(batchId),
    },
  ]);
}

/** The report's status became `status`: its author and its assignee hear of it, once each. */
export async function notifyStatusChanged(
  db: Q,
  report: ReportRef,
  status: ReportRow["status"],
  actorId: string,
  batchId?: string,
): Promise<void> {
  const recipients = new Set([report.created_by, report.assigned_to]);
  recipients.delete(null);
  recipients.delete(actorId);
  const now = nowSeconds();
  // Fixed on a project with verified closing: the creator is asked to verify (issue 23) instead of
  // being told of the new status.
  if (status === "resolved" && report.created_by !== null && recipients.has(report.created_by)) {
    const project = await db
      .selectFrom("snagging_reports as r")
      .innerJoin("projects as p", "p.id", "r.project_id")
      .select("p.verified_closing")
      .where("r.id", "=", report.id)
      .executeTakeFirst();
    if (project?.verified_closing === 1) {
      recipients.delete(report.created_by);
      await insertNotifications(db, [
        {
          ...row(report, report.created_by, actorId, "fix_awaiting_verification", status, now),
          ...batchColumns(batchId),
        },
      ]);
    }
  }
  await insertNotifications(
    db,
    [...recipients].map((userId) => ({
      id: newId(),
      user_id: userId as string,
      workspace_id: report.workspace_id,
      report_id: report.id,
      actor_id: actorId,
      kind: "status" as const,
      report_title: report.title,
      status,
      read_at: null,
      created_at: now,
      ...batchColumns(batchId),
    })),
  );
}

/**
 * A resolved report's fix was accepted (→ closed) or rejected (→ open, with the reason quoted in the
 * notification's `detail`): whoever last marked it resolved and its assignee hear "your fix was
 * accepted/rejected"; the creator, if someone else verified, hears of the new status as before.
 */
export async function notifyVerified(
  db: Q,
  report: ReportRef,
  decision: "accept" | "reject",
  actorId: string,
  now: number,
  reason: string | null = null,
): Promise<void> {
  const fixedBy = await db
    .selectFrom("report_activity")
    .select("actor_id")
    .where("report_id", "=", report.id)
    .where("type", "=", "status_changed")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const fixers = new Set([fixedBy?.actor_id ?? null, report.assigned_to]);
  fixers.delete(null);
  fixers.delete(actorId);
  const status = decision === "accept" ? "closed" : "open";
  const kind = decision === "accept" ? "fix_accepted" : "fix_rejected";
  const detail = decision === "reject" ? reason : null;
  const rows = [...fixers].map((userId) => row(report, userId as string, actorId, kind, status, now, detail));
  if (report.created_by !== null && report.created_by !== actorId && !fixers.has(report.created_by)) {
    rows.push(row(report, report.created_by, actorId, "status", status, now));
  }
  await insertNotifications(db, rows);
}

/** The people mentioned in a comment on the report (never the comment's author). */
export async function notifyMentioned(db: Q, report: ReportRef, userIds: readonly string[], actorId: string) {
  const now = nowSeconds();
  await insertNotifications(
    db,
    [...new Set(userIds)]
      .filter((id) => id !== actorId)
      .map((userId) => ({
        id: newId(),
        user_id: userId,
        workspace_id: report.workspace_id,
        report_id: report.id,
        actor_id: actorId,
        kind: "mention" as const,
        report_title: report.title,
        status: null,
        read_at: null,
        created_at: now,
      })),
  );
}

export async function listNotifications(
  ctx: AppContext,
  user: UserRow,
  query: { page: number; pageSize: number; limit?: number | undefined; cursor?: CursorKey | undefined },
): Promise<NotificationList> {
  const keyset = query.limit !== undefined || query.cursor !== undefined;
  const size = keyset ? (query.limit ?? query.pageSize) : query.pageSize;
  const from = keyset ? { after: query.cursor } : { offset: (query.page - 1) * query.pageSize };
  const [fetched, counts] = await Promise.all([
    findNotificationsPage(ctx.db, user.id, user.workspace_id, from, size + 1),
    countNotifications(ctx.db, user.id, user.workspace_id),
  ]);
  const { rows, nextCursor } = toPage(fetched, size, (row) => ({ sort: row.created_at, id: row.id }));
  return {
    nextCursor,
    notifications: rows.map(presentNotification),
    unreadCount: counts.unread,
    total: counts.total,
    page: query.page,
    pageSize: size,
  };
}

export async function readNotification(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  // Someone else's notification and a malformed id both answer 404.
  if (!UUID_PATTERN.test(id) || !(await markRead(ctx.db, user.id, id, nowSeconds()))) throw notFound("Notification");
}

export async function readAllNotifications(ctx: AppContext, user: UserRow): Promise<void> {
  await markAllRead(ctx.db, user.id, nowSeconds());
}
