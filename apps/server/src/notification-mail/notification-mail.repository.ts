// Kysely queries of notification mail: preferences, settings, and claiming notifications and
// digest days with conditional updates (one instance wins each, on both databases).

import type { NotificationKind } from "@sitesnag/shared/notifications";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;
type Mode = "instant" | "digest" | "off";

export const findPreferences = (db: Q, userId: string) =>
  db.selectFrom("notification_mail_preferences").select(["kind", "mode"]).where("user_id", "=", userId).execute();

export async function savePreferences(db: Q, userId: string, preferences: [string, Mode][]): Promise<void> {
  for (const [kind, mode] of preferences) {
    await db
      .insertInto("notification_mail_preferences")
      .values({ user_id: userId, kind, mode })
      .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet({ mode }))
      .execute();
  }
}

export const findMailSettings = (db: Q, userId: string) =>
  db.selectFrom("mail_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();

export async function ensureMailSettings(db: Q, userId: string, timeZone?: string): Promise<void> {
  const insert = db
    .insertInto("mail_settings")
    .values({ user_id: userId, digest_sent_on: null, ...(timeZone ? { time_zone: timeZone } : {}) });
  await (timeZone
    ? insert.onConflict((oc) => oc.column("user_id").doUpdateSet({ time_zone: timeZone }))
    : insert.onConflict((oc) => oc.column("user_id").doNothing())
  ).execute();
}

/** Notifications the mailer has not looked at yet, oldest first. */
export const findUnmailedNotifications = (db: Q, limit: number) =>
  db
    .selectFrom("notifications as n")
    .innerJoin("users as u", "u.id", "n.user_id")
    .innerJoin("workspaces as w", "w.id", "n.workspace_id")
    .leftJoin("users as a", "a.id", "n.actor_id")
    .selectAll("n")
    .select([
      "u.email as user_email",
      "u.first_name as user_first_name",
      "u.locale as user_locale",
      "u.last_name as user_last_name",
      "u.workspace_id as user_workspace_id",
      "w.is_demo as workspace_is_demo",
      "a.first_name as actor_first_name",
      "a.last_name as actor_last_name",
    ])
    .where("n.mail_state", "is", null)
    .orderBy("n.created_at")
    .orderBy("n.id")
    .limit(limit)
    .execute();

export type UnmailedNotification = Awaited<ReturnType<typeof findUnmailedNotifications>>[number];

/** Sets what became of a notification; false when another instance decided first. */
export async function claimNotification(db: Q, id: string, state: "instant" | "digest" | "off"): Promise<boolean> {
  const result = await db
    .updateTable("notifications")
    .set({ mail_state: state })
    .where("id", "=", id)
    .where("mail_state", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Claims one person's notifications of one kind from a bulk change (decision 0075), all in one
 * conditional UPDATE: one instance wins them all. Answers the reports claimed (none: another won).
 */
export const claimBatch = (db: Q, batchId: string, userId: string, kind: NotificationKind, state: Mode) =>
  db
    .updateTable("notifications")
    .set({ mail_state: state })
    .where("batch_id", "=", batchId)
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("mail_state", "is", null)
    .returning(["report_id", "report_title"])
    .execute();

export const findModeFor = async (db: Q, userId: string, kind: string): Promise<Mode | undefined> =>
  (
    await db
      .selectFrom("notification_mail_preferences")
      .select("mode")
      .where("user_id", "=", userId)
      .where("kind", "=", kind)
      .executeTakeFirst()
  )?.mode;

/** The time zones people have chosen, UTC always among them (the default). */
export async function findTimeZones(db: Q): Promise<string[]> {
  const rows = await db.selectFrom("mail_settings").select("time_zone").distinct().execute();
  return [...new Set(["UTC", ...rows.map((r) => r.time_zone)])];
}

/**
 * Accounts (outside demo sandboxes) in `timeZone` whose digest for `day` has not gone out; those
 * without settings count as UTC.
 */
export function findDigestCandidates(db: Q, timeZone: string, day: string, limit: number) {
  let q = db
    .selectFrom("users as u")
    .innerJoin("workspaces as w", "w.id", "u.workspace_id")
    .leftJoin("mail_settings as s", "s.user_id", "u.id")
    .select(["u.id", "u.email", "u.first_name", "u.last_name", "u.workspace_id", "u.locale"])
    .where("w.is_demo", "=", 0)
    .where((eb) => eb.or([eb("s.digest_sent_on", "is", null), eb("s.digest_sent_on", "!=", day)]));
  q =
    timeZone === "UTC"
      ? q.where((eb) => eb.or([eb("s.time_zone", "is", null), eb("s.time_zone", "=", "UTC")]))
      : q.where("s.time_zone", "=", timeZone);
  return q.orderBy("u.id").limit(limit).execute();
}

export type DigestCandidate = Awaited<ReturnType<typeof findDigestCandidates>>[number];

/** Claims `day`'s digest of a person for this instance; false when another instance did. */
export async function claimDigestDay(db: Q, userId: string, day: string): Promise<boolean> {
  await ensureMailSettings(db, userId);
  const result = await db
    .updateTable("mail_settings")
    .set({ digest_sent_on: day })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("digest_sent_on", "is", null), eb("digest_sent_on", "!=", day)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Notifications waiting for this person's digest (in their current workspace), oldest first. */
export const findDigestNotifications = (db: Q, userId: string, workspaceId: string) =>
  db
    .selectFrom("notifications as n")
    .leftJoin("users as a", "a.id", "n.actor_id")
    .selectAll("n")
    .select(["a.first_name as actor_first_name", "a.last_name as actor_last_name"])
    .where("n.user_id", "=", userId)
    .where("n.workspace_id", "=", workspaceId)
    .where("n.mail_state", "=", "digest")
    .orderBy("n.created_at")
    .orderBy("n.id")
    .limit(200)
    .execute();

export async function markDigested(db: Q, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("notifications").set({ mail_state: "digested" }).where("id", "in", ids).execute();
}

/**
 * Open items assigned to the person with a due date from `overdueSince` (older overdue items are
 * no longer reminded of) up to `dueBefore`: overdue first (oldest due first), then due soon.
 */
export const findDueItems = (db: Q, userId: string, workspaceId: string, overdueSince: number, dueBefore: number) =>
  db
    .selectFrom("snagging_reports")
    .select(["id", "title", "due_date", "priority", "status"])
    .where("workspace_id", "=", workspaceId)
    .where("assigned_to", "=", userId)
    .where("status", "in", ["open", "in-progress"])
    .where("due_date", "is not", null)
    .where("due_date", ">=", overdueSince)
    .where("due_date", "<", dueBefore)
    .orderBy("due_date")
    .orderBy("id")
    .limit(100)
    .execute();
