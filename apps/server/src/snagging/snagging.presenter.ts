import { contactLabel } from "@sitesnag/shared/contacts";
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
  kind: row.kind,
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
    // A member or a contact (migration 0020): the id works the same wherever an assignee id is taken.
    assignedTo: row.assigned_to ?? row.assigned_contact_id,
    assignedToName:
      row.contact_name === null
        ? fullName(row.assignee_first_name, row.assignee_last_name)
        : contactLabel(row.contact_name, row.contact_company),
    assigneeCompany: row.contact_name === null ? null : row.contact_company,
    createdByName: fullName(row.author_first_name, row.author_last_name),
    dueDate: row.due_date,
    createdAt: row.created_at,
    locationLat: row.location_lat,
    locationLng: row.location_lng,
    pageUrl: row.page_url,
    version: row.version,
    createdBy: row.created_by,
    rejectionCount: row.rejection_count,
    requireEvidenceToClose: row.project_require_evidence === 1,
    verifiedClosing: row.project_verified_closing === 1,
    attachments,
    sheetId: row.sheet_id,
    pinX: row.sheet_id === null ? null : row.pin_x,
    pinY: row.sheet_id === null ? null : row.pin_y,
    // A link to a location deleted meanwhile reads as none (the delete clears links in its transaction).
    locationId: row.location_path === null ? null : row.location_id,
    locationPath: row.location_path,
  };
}
