// Kysely queries of the weekly report: a project's schedule and recipients, and the run rows that
// make each report one instance's (an insert on the unique (project_id, period), or taking over a
// run whose claimant's lease ran out: one conditional statement either way, on both databases).
import type { Kysely, Transaction } from "kysely";
import type { Database, WeeklyReportSchedulesTable } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

export const findSchedule = (db: Q, projectId: string) =>
  db.selectFrom("weekly_report_schedules").selectAll().where("project_id", "=", projectId).executeTakeFirst();

export const findRecipients = (db: Q, projectId: string) =>
  db
    .selectFrom("weekly_report_recipients as r")
    .leftJoin("users as u", "u.id", "r.user_id")
    .select([
      "r.id",
      "r.user_id",
      "r.email",
      "u.email as user_email",
      "u.first_name",
      "u.last_name",
      "u.locale",
      "u.workspace_id as user_workspace_id",
    ])
    .where("r.project_id", "=", projectId)
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
export type RecipientRow = Awaited<ReturnType<typeof findRecipients>>[number];

/**
 * Writes the schedule and makes the recipients exactly `recipients`: rows already there are kept
 * (with their ids, so an unsubscribe link in an earlier email still names its row), others go.
 */
export async function saveSchedule(
  db: Transaction<Database>,
  row: WeeklyReportSchedulesTable,
  recipients: { id: string; user_id: string | null; email: string | null; created_at: number }[],
): Promise<void> {
  const { project_id: _p, workspace_id: _w, ...changes } = row;
  await db
    .insertInto("weekly_report_schedules")
    .values(row)
    .onConflict((oc) => oc.column("project_id").doUpdateSet(changes))
    .execute();
  const existing = await db
    .selectFrom("weekly_report_recipients")
    .select(["id", "user_id", "email"])
    .where("project_id", "=", row.project_id)
    .execute();
  const keyOf = (r: { user_id: string | null; email: string | null }) => r.user_id ?? `@${r.email}`;
  const wanted = new Set(recipients.map(keyOf));
  const have = new Set(existing.map(keyOf));
  const gone = existing.filter((r) => !wanted.has(keyOf(r))).map((r) => r.id);
  if (gone.length > 0) await db.deleteFrom("weekly_report_recipients").where("id", "in", gone).execute();
  const added = recipients.filter((r) => !have.has(keyOf(r)));
  if (added.length > 0) {
    await db
      .insertInto("weekly_report_recipients")
      .values(added.map((r) => ({ ...r, project_id: row.project_id })))
      .execute();
  }
}

/** A typed address's row, by the id its unsubscribe link names; answers the address removed. */
export async function removeRecipient(db: Q, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("weekly_report_recipients")
    .select(["email"])
    .where("id", "=", id)
    .where("email", "is not", null)
    .executeTakeFirst();
  if (!row?.email) return undefined;
  await db.deleteFrom("weekly_report_recipients").where("id", "=", id).execute();
  return row.email;
}

/** Enabled schedules with their project's zone (skipping demo sandboxes and trashed projects). */
export const findEnabledSchedules = (db: Q) =>
  db
    .selectFrom("weekly_report_schedules as s")
    .innerJoin("projects as p", "p.id", "s.project_id")
    .innerJoin("workspaces as w", "w.id", "s.workspace_id")
    .selectAll("s")
    .select(["p.time_zone"])
    .where("s.enabled", "=", 1)
    .where("w.is_demo", "=", 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("trash_items as t")
            .select("t.id")
            .whereRef("t.item_id", "=", "s.project_id")
            .where("t.kind", "=", "project"),
        ),
      ),
    )
    .execute();

export const findRun = (db: Q, projectId: string, period: string) =>
  db
    .selectFrom("weekly_report_runs")
    .selectAll()
    .where("project_id", "=", projectId)
    .where("period", "=", period)
    .executeTakeFirst();

/** The last report that went out to the recipients (scheduled or "send now"). */
export const findLastSent = (db: Q, projectId: string) =>
  db
    .selectFrom("weekly_report_runs")
    .select(["sent_at"])
    .where("project_id", "=", projectId)
    .where("status", "=", "sent")
    .orderBy("sent_at", "desc")
    .limit(1)
    .executeTakeFirst();

/**
 * Makes (project, period) this owner's until `leaseUntil`: a new run row, or one still claimed by
 * an owner whose lease ran out. False when another instance holds it or it was sent.
 */
export async function claimRun(
  db: Q,
  run: { id: string; projectId: string; period: string; owner: string; now: number; leaseUntil: number },
): Promise<string | undefined> {
  const inserted = await db
    .insertInto("weekly_report_runs")
    .values({
      id: run.id,
      project_id: run.projectId,
      period: run.period,
      status: "claimed",
      owner: run.owner,
      lease_until: run.leaseUntil,
      created_at: run.now,
      sent_at: null,
      file_key: null,
    })
    .onConflict((oc) => oc.columns(["project_id", "period"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return run.id;
  const taken = await db
    .updateTable("weekly_report_runs")
    .set({ owner: run.owner, lease_until: run.leaseUntil })
    .where("project_id", "=", run.projectId)
    .where("period", "=", run.period)
    .where("status", "=", "claimed")
    .where("lease_until", "<", run.now)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return undefined;
  return (await findRun(db, run.projectId, run.period))?.id;
}

/** Marks the run sent, if this owner still holds it; false when the lease was lost meanwhile. */
export async function markRunSent(db: Q, id: string, owner: string, now: number, fileKey: string): Promise<boolean> {
  const result = await db
    .updateTable("weekly_report_runs")
    .set({ status: "sent", sent_at: now, file_key: fileKey })
    .where("id", "=", id)
    .where("owner", "=", owner)
    .where("status", "=", "claimed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
