import type { Kysely, Transaction } from "kysely";
import type { AttachmentRow, Database, IdempotencyKeysTable, ReportRow } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** Reports of one workspace with their project, assignee and author names joined in. */
export function selectReports(db: Q, workspaceId: string) {
  return db
    .selectFrom("snagging_reports as r")
    .innerJoin("projects as p", "p.id", "r.project_id")
    .leftJoin("users as a", "a.id", "r.assigned_to")
    .leftJoin("users as c", "c.id", "r.created_by")
    .selectAll("r")
    .select([
      "p.name as project_name",
      "p.client_name as project_client_name",
      "a.first_name as assignee_first_name",
      "a.last_name as assignee_last_name",
      "c.first_name as author_first_name",
      "c.last_name as author_last_name",
    ])
    .where("r.workspace_id", "=", workspaceId);
}

export type ReportWithNames = Awaited<ReturnType<ReturnType<typeof selectReports>["executeTakeFirstOrThrow"]>>;

export const findReportWithNames = (db: Q, workspaceId: string, id: string): Promise<ReportWithNames | undefined> =>
  selectReports(db, workspaceId).where("r.id", "=", id).executeTakeFirst();

export const findReport = (db: Q, workspaceId: string, id: string): Promise<ReportRow | undefined> =>
  db
    .selectFrom("snagging_reports")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();

/** Attachments of the given reports, in upload order. */
export const findAttachments = (db: Q, reportIds: readonly string[]): Promise<AttachmentRow[]> =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("attachments")
        .selectAll()
        .where("report_id", "in", reportIds)
        .orderBy("report_id")
        .orderBy("position")
        .execute();

/**
 * Attachments of every report of a workspace matching the list filters, in one query whose size
 * does not grow with the workspace (no `IN` list of report ids).
 */
export function findWorkspaceAttachments(
  db: Q,
  workspaceId: string,
  filters: { status?: ReportRow["status"]; projectId?: string },
): Promise<AttachmentRow[]> {
  let q = db
    .selectFrom("attachments as t")
    .innerJoin("snagging_reports as r", "r.id", "t.report_id")
    .selectAll("t")
    .where("r.workspace_id", "=", workspaceId);
  if (filters.status) q = q.where("r.status", "=", filters.status);
  if (filters.projectId) q = q.where("r.project_id", "=", filters.projectId);
  return q.orderBy("t.report_id").orderBy("t.position").execute();
}

export const isTitleTaken = async (db: Q, workspaceId: string, title: string): Promise<boolean> =>
  (await db
    .selectFrom("snagging_reports")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("title", "=", title)
    .executeTakeFirst()) !== undefined;

export async function insertReport(db: Q, row: ReportRow): Promise<void> {
  await db.insertInto("snagging_reports").values(row).execute();
}

export async function insertAttachments(db: Q, rows: readonly AttachmentRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto("attachments")
      .values([...rows])
      .execute();
}

export async function updateReport(
  db: Q,
  workspaceId: string,
  id: string,
  changes: Partial<Omit<ReportRow, "id" | "workspace_id" | "title" | "project_id" | "created_at" | "created_by">>,
): Promise<void> {
  await db
    .updateTable("snagging_reports")
    .set(changes)
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", id)
    .execute();
}

export async function deleteAttachments(db: Q, reportId: string, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db.deleteFrom("attachments").where("report_id", "=", reportId).where("id", "in", ids).execute();
}

/** Removes a report with its attachment and idempotency rows; the caller removes the files after commit. */
export async function deleteReportRows(db: Q, workspaceId: string, id: string): Promise<void> {
  await db.deleteFrom("idempotency_keys").where("report_id", "=", id).execute();
  await db.deleteFrom("attachments").where("report_id", "=", id).execute();
  await db.deleteFrom("snagging_reports").where("workspace_id", "=", workspaceId).where("id", "=", id).execute();
}

export const findIdempotencyKey = (db: Q, userId: string, key: string) =>
  db.selectFrom("idempotency_keys").selectAll().where("user_id", "=", userId).where("key", "=", key).executeTakeFirst();

export async function insertIdempotencyKey(db: Q, row: IdempotencyKeysTable): Promise<void> {
  await db.insertInto("idempotency_keys").values(row).execute();
}

/** Photo count per report of a workspace, in one grouped query (through the reports' workspace index). */
export const countWorkspaceAttachments = (db: Q, workspaceId: string) =>
  db
    .selectFrom("attachments as t")
    .innerJoin("snagging_reports as r", "r.id", "t.report_id")
    .select(["t.report_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("r.workspace_id", "=", workspaceId)
    .groupBy("t.report_id")
    .execute();
