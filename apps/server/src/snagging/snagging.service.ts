import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { Attachment, Report, ReportListQuery } from "@sitesnag/shared/snagging";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { attachmentUrl, presentReport } from "./snagging.presenter";
import { findAttachments, selectReports } from "./snagging.repository";

export async function listReports(ctx: AppContext, user: UserRow, query: ReportListQuery): Promise<Report[]> {
  if (query.projectId !== undefined && !UUID_PATTERN.test(query.projectId)) return [];
  let q = selectReports(ctx.db, user.workspace_id);
  if (query.status) q = q.where("r.status", "=", query.status);
  if (query.projectId) q = q.where("r.project_id", "=", query.projectId);
  const rows = await q.orderBy("r.created_at", "desc").orderBy("r.id", "desc").execute();
  const attachments = await findAttachments(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byReport = new Map<string, Attachment[]>();
  for (const a of attachments) {
    const list = byReport.get(a.report_id) ?? [];
    list.push({ id: a.id, file_path: attachmentUrl(a.storage_key), original_name: a.original_name });
    byReport.set(a.report_id, list);
  }
  return rows.map((row) => presentReport(row, byReport.get(row.id) ?? []));
}
