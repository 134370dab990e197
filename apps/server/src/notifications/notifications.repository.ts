import type { CursorKey } from "@sitesnag/shared/pagination";
import { type Kysely, sql, type Transaction } from "kysely";
import { afterCursor } from "../db/keyset";
import type { Database, NewNotification } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertNotifications(db: Q, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("notifications").values(rows).execute();
}

/**
 * For a query over `notifications as n`: the name of the share link whose fix made the notification
 * (it has no actor; the fix is recorded in share_link_events in the same transaction, same second).
 */
export const fixLinkName = sql<string | null>`(select e.link_name from share_link_events e
  where e.report_id = n.report_id and e.created_at = n.created_at and e.kind = 'fix'
    and n.actor_id is null and n.kind in ('status', 'fix_awaiting_verification') limit 1)`.as("link_name");

/**
 * A rejected fix's reason, read from the history entry written in the same transaction (same report,
 * same second), so the notification needs no column of its own.
 */
export const rejectReason = sql<string | null>`(select ra.comment from report_activity ra
  where n.kind = 'fix_rejected' and ra.report_id = n.report_id and ra.type = 'verification_rejected'
    and ra.created_at = n.created_at
  order by ra.id limit 1)`.as("reject_reason");

/**
 * A user's notifications in their current workspace, newest first, with the actor's name: after a
 * cursor (keyset, through notifications_user_page) or at an offset (older clients).
 */
export const findNotificationsPage = (
  db: Q,
  userId: string,
  workspaceId: string,
  from: { after?: CursorKey | undefined; offset?: number },
  limit: number,
) => {
  let q = db
    .selectFrom("notifications as n")
    .leftJoin("users as a", "a.id", "n.actor_id")
    .selectAll("n")
    .select(["a.first_name as actor_first_name", "a.last_name as actor_last_name"])
    .select([fixLinkName, rejectReason])
    .where("n.user_id", "=", userId)
    .where("n.workspace_id", "=", workspaceId);
  if (from.after) q = q.where(afterCursor("n.created_at", "n.id", from.after));
  return q
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(limit)
    .offset(from.offset ?? 0)
    .execute();
};

export type NotificationWithActor = Awaited<ReturnType<typeof findNotificationsPage>>[number];

export async function countNotifications(
  db: Q,
  userId: string,
  workspaceId: string,
): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("id").filterWhere("read_at", "is", null).as("unread"),
    ])
    .where("user_id", "=", userId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

export async function markRead(db: Q, userId: string, id: string, now: number): Promise<boolean> {
  const found = await db
    .selectFrom("notifications")
    .select("read_at")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db
      .updateTable("notifications")
      .set({ read_at: now })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
  }
  return true;
}

export async function markAllRead(db: Q, userId: string, now: number): Promise<void> {
  await db
    .updateTable("notifications")
    .set({ read_at: now })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
}
