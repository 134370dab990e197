import type { Attachment, Report } from "@sitesnag/shared/snagging";
import type { AttachmentRow } from "../db/schema";
import type { ReportWithNames } from "./snagging.repository";

const fullName = (first: string | null, last: string | null): string | null =>
  first === null && last === null ? null : `${first ?? ""} ${last ?? ""}`.trim();

export const attachmentUrl = (storageKey: string): string => `/files/${storageKey}`;

export const presentAttachment = (row: AttachmentRow): Attachment => ({
  id: row.id,
  file_path: attachmentUrl(row.storage_key),
  original_name: row.original_name,
  thumbnail_path: row.thumbnail_key ? attachmentUrl(row.thumbnail_key) : null,
  content_type: row.content_type,
  size_bytes: Number(row.size_bytes),
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  created_at: Number(row.created_at),
});

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
    sheetId: row.sheet_id,
    pinX: row.sheet_id === null ? null : row.pin_x,
    pinY: row.sheet_id === null ? null : row.pin_y,
  };
}
