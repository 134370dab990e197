import type { Attachment, Report } from "@sitesnag/shared/snagging";
import type { ReportWithNames } from "./snagging.repository";

const fullName = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

export const attachmentUrl = (storageKey: string): string => `/files/${storageKey}`;

export function presentReport(row: ReportWithNames, attachments: Attachment[]): Report {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.project_name,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    category: row.category,
    assignedTo: row.assigned_to,
    assignedToName: fullName(row.assignee_first_name, row.assignee_last_name),
    createdByName: fullName(row.author_first_name, row.author_last_name),
    dueDate: row.due_date,
    createdAt: row.created_at,
    locationLat: row.location_lat,
    locationLng: row.location_lng,
    pageUrl: row.page_url,
    attachments,
  };
}
