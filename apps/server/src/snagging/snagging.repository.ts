import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

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
      "a.first_name as assignee_first_name",
      "a.last_name as assignee_last_name",
      "c.first_name as author_first_name",
      "c.last_name as author_last_name",
    ])
    .where("r.workspace_id", "=", workspaceId);
}

export type ReportWithNames = Awaited<ReturnType<ReturnType<typeof selectReports>["executeTakeFirstOrThrow"]>>;

export const findAttachments = (db: Q, reportIds: readonly string[]) =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("attachments")
        .select(["id", "report_id", "storage_key", "original_name", "position"])
        .where("report_id", "in", reportIds)
        .orderBy("report_id")
        .orderBy("position")
        .execute();
