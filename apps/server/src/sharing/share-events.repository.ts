// share_link_events: every view and action through a share link, named after the link. Rows are
// only ever inserted (and go with their report or link); they are the report's record of what a
// person without an account did, ready to move into the report history.
import type { Kysely, Transaction } from "kysely";
import type { Database, ShareLinkEventsTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export async function insertShareEvents(db: Q, rows: readonly ShareLinkEventsTable[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("share_link_events")
      .values([...rows])
      .execute();
}

/** The fix a link made under this Idempotency-Key, if any (its replay adds nothing). */
export const findFix = (db: Q, linkId: string, fixId: string) =>
  db
    .selectFrom("share_link_events")
    .select(["id", "report_id"])
    .where("link_id", "=", linkId)
    .where("fix_id", "=", fixId)
    .executeTakeFirst();

/** The attachments that fixes through links added to the given reports (their "after" photos). */
export async function findFixAttachmentIds(db: Q, reportIds: readonly string[]): Promise<Set<string>> {
  if (reportIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("share_link_events")
    .select("attachment_ids")
    .where("report_id", "in", reportIds)
    .where("kind", "=", "fix")
    .execute();
  const ids = new Set<string>();
  for (const row of rows) {
    for (const id of JSON.parse(row.attachment_ids ?? "[]") as unknown[]) if (typeof id === "string") ids.add(id);
  }
  return ids;
}

/** The events of one report, newest first (the workspace's view of what happened through links). */
export const findReportShareEvents = (db: Q, workspaceId: string, reportId: string, limit = 100) =>
  db
    .selectFrom("share_link_events")
    .select(["id", "kind", "link_name", "note", "created_at"])
    .where("workspace_id", "=", workspaceId)
    .where("report_id", "=", reportId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
