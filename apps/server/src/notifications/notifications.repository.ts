import type { CursorKey } from "@sitesnag/shared/pagination";
import type { Kysely, Transaction } from "kysely";
import { afterCursor } from "../db/keyset";
import type { Database, NewNotification } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertNotifications(db: Q, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto("notifications").values(rows).execute();
}

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
