import { contactLabel } from "@sitesnag/shared/contacts";
import type { LiveEventData } from "@sitesnag/shared/live";
import type { CursorKey } from "@sitesnag/shared/pagination";
import type { Kysely, Transaction } from "kysely";
import { findContactNames } from "../contacts/contacts.repository";
import { afterCursor } from "../db/keyset";
import type { ActivityRow, Database, NewActivity } from "../db/schema";
import { liveEventsOfActivity, recordLiveEvents } from "../events/events.writer";

type Q = Kysely<Database> | Transaction<Database>;

/**
 * The only statement that writes history: an insert. Nothing in the product updates or deletes an
 * entry. The entries' live events (issue 39) are written with them, in the same transaction.
 */
export async function insertActivity(db: Q, rows: readonly NewActivity[], extra?: LiveEventData): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("report_activity")
    .values([...rows])
    .execute();
  await recordLiveEvents(db, liveEventsOfActivity(rows, extra));
}

/** One page of a report's history, newest first (`size + 1` rows: the extra one says more follow). */
export const findActivityPage = (db: Q, reportId: string, after: CursorKey | undefined, size: number) => {
  let q = db.selectFrom("report_activity").selectAll().where("report_id", "=", reportId);
  if (after) q = q.where(afterCursor("created_at", "id", after));
  return q
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(size + 1)
    .execute();
};

/** The changes made after `version`, oldest first: what an edit made on that version did not see. */
export const findChangesSince = (db: Q, reportId: string, version: number): Promise<ActivityRow[]> =>
  db
    .selectFrom("report_activity")
    .selectAll()
    .where("report_id", "=", reportId)
    .where("version", ">", version)
    .where("changes", "is not", null)
    .orderBy("version")
    .orderBy("id")
    .execute();

/** The entries that changed fields, newest first, at most `limit` (the overwrite notices read these). */
export const findRecentChanges = (db: Q, reportId: string, limit: number): Promise<ActivityRow[]> =>
  db
    .selectFrom("report_activity")
    .selectAll()
    .where("report_id", "=", reportId)
    .where("changes", "is not", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();

/** Names of the given users and contacts ("Name (Company)"), for the text of an assignee change. */
export const findUserNames = async (db: Q, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name"])
    .where("id", "in", [...ids])
    .execute();
  const names = new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`.trim()]));
  const contacts = await findContactNames(
    db,
    ids.filter((id) => !names.has(id)),
  );
  for (const c of contacts) names.set(c.id, contactLabel(c.name, c.company));
  return names;
};
