// Table types for Kysely. Dates are epoch seconds (integers) on both databases.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export interface WorkspacesTable {
  id: string;
  name: string;
  is_demo: Generated<number>;
  expires_at: number | null;
  created_at: number;
  /** Bytes of stored files (photos and thumbnails) the workspace's rows name (quotas/storage-quota.ts). */
  storage_bytes: Generated<number>;
}

export interface UsersTable {
  id: string;
  workspace_id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: "admin" | "user";
  membership_type: "free" | "yearly";
  membership_start_date: number | null;
  membership_end_date: number | null;
  membership_amount: Generated<number>;
  /** The first account of a workspace is its owner (the column's default); invited accounts are members. */
  workspace_role: Generated<"owner" | "member">;
  created_at: number;
  /**
   * First name, last name and email folded for the admin's search (shared/search.ts), written with
   * every insert and change of them (users.repository.ts). Never selected into a row type.
   */
  search_text: ColumnType<never, string, string>;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  expires_at: number;
  revoked_at: number | null;
  /** Set when the token was rotated: the id of the token issued in its place. */
  replaced_by: string | null;
  created_at: number;
  /** When its one grace replay was used (token-rotation.ts); null until then. */
  grace_used_at: number | null;
}

export interface ProjectsTable {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  location: string;
  client_name: string;
  status: "active" | "completed" | "archived";
  created_by: string | null;
  created_at: number;
  updated_at: number;
  /**
   * Name and description folded for search (shared/search.ts), written with every insert and
   * change of them (projects.repository.ts). Never selected into a row type: only searched.
   */
  search_text: ColumnType<never, string, string>;
}

export interface SnaggingReportsTable {
  id: string;
  workspace_id: string;
  project_id: string;
  title: string;
  description: string;
  status: "open" | "in-progress" | "resolved" | "closed";
  priority: "critical" | "high" | "medium" | "low";
  category: "safety" | "finish" | "plumbing" | "electrical" | "structural" | "hvac" | "other";
  assigned_to: string | null;
  created_by: string | null;
  due_date: number | null;
  location_lat: number | null;
  location_lng: number | null;
  page_url: string | null;
  created_at: number;
  updated_at: number;
  /** The report's pin on a drawing (migration 0012): a sheet with both positions (0–1), or none. */
  sheet_id: ColumnType<string | null, string | null | undefined, string | null>;
  pin_x: ColumnType<number | null, number | null | undefined, number | null>;
  pin_y: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Title and description folded for search (shared/search.ts), written with every insert and
   * description change (snagging.repository.ts). Never selected into a row type: only searched.
   */
  search_text: ColumnType<never, string, string>;
}

export interface AttachmentsTable {
  id: string;
  report_id: string;
  workspace_id: string;
  storage_key: string;
  thumbnail_key: string | null;
  original_name: string;
  content_type: string;
  size_bytes: number;
  position: number;
  /** SHA-256 (hex) of the stored display file. */
  sha256: string | null;
  width: number | null;
  height: number | null;
  created_at: number;
  /** Size of the thumbnail file (0 for attachments stored before migration 0009). */
  thumbnail_bytes: Generated<number>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the request's fields and photo bytes, to tell a replay from a different request. */
  request_hash: string;
  report_id: string;
  created_at: number;
}

export interface InvitationsTable {
  id: string;
  workspace_id: string;
  token_hash: string;
  /** When set, only an account with this address may accept. */
  email: string | null;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  workspace_id: string;
  report_id: string | null;
  actor_id: string | null;
  kind: "assigned" | "status";
  /** The report's title when the notification was made, so the entry still reads after edits. */
  report_title: string;
  status: "open" | "in-progress" | "resolved" | "closed" | null;
  read_at: number | null;
  created_at: number;
}

/** The sync ledger: one row per (user, tempId) applied, written with the change it made. */
export interface SyncAppliedTable {
  user_id: string;
  temp_id: string;
  action: string;
  /** The report created or changed (kept after a delete, so a replay answers the same id). */
  result_id: string;
  created_at: number;
}

/** Reports per (workspace, status), kept by triggers on snagging_reports (migration 0006). */
export interface ReportStatusCountsTable {
  workspace_id: string;
  status: SnaggingReportsTable["status"];
  n: number;
}

/** A site audit on the server (issue 25, migration 0016); signatures are image files in storage. */
export interface AuditsTable {
  id: string;
  workspace_id: string;
  project_id: string;
  /** The device's id of an uploaded audit (unique per workspace), so an upload is never doubled. */
  client_id: string | null;
  auditor_id: string | null;
  auditor_name: string;
  template_id: string;
  template_version: string;
  status: "draft" | "completed";
  /** 1 at first; each change of a completed audit starts the next, keeping the signed one. */
  revision: number;
  audit_date: number;
  notes: string;
  /** JSON of the audit's form data (site, weather, shift …). */
  form_data: string;
  overall_score: number;
  total_items: number;
  passed_items: number;
  failed_items: number;
  auditor_signature_key: string | null;
  auditor_signer_name: string | null;
  auditor_signed_at: number | null;
  site_rep_name: string;
  site_rep_signature_key: string | null;
  site_rep_signed_at: number | null;
  completed_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface AuditAnswersTable {
  audit_id: string;
  item_id: string;
  status: "" | "C" | "I" | "NC" | "N/A";
  notes: string;
  risk_severity: number | null;
  risk_likelihood: number | null;
  action_owner: string;
  due_date: number | null;
  updated_by: string | null;
  updated_at: number;
}

export interface AuditPhotosTable {
  id: string;
  audit_id: string;
  workspace_id: string;
  item_id: string;
  /** `<Idempotency-Key>#<n>` of the upload that added it (null without one). */
  client_id: string | null;
  storage_key: string;
  thumbnail_key: string;
  sha256: string;
  width: number | null;
  height: number | null;
  size_bytes: number;
  position: number;
  created_at: number;
}

/** Append-only: one row per answer change, written in the change's transaction. */
export interface AuditAnswerHistoryTable {
  id: string;
  audit_id: string;
  item_id: string;
  user_id: string | null;
  user_name: string;
  /** JSON `{field: {from, to}}`. */
  changes: string;
  /** The id of the other person whose answer this change replaced, if any. */
  overwrote: string | null;
  created_at: number;
}

export interface AuditRevisionsTable {
  audit_id: string;
  revision: number;
  snapshot: string;
  file_keys: string;
  completed_at: number;
  created_by: string | null;
  created_at: number;
}

export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  projects: ProjectsTable;
  snagging_reports: SnaggingReportsTable;
  report_status_counts: ReportStatusCountsTable;
  attachments: AttachmentsTable;
  invitations: InvitationsTable;
  notifications: NotificationsTable;
  idempotency_keys: IdempotencyKeysTable;
  sync_applied: SyncAppliedTable;
  trash_items: TrashItemsTable;
  audits: AuditsTable;
  audit_answers: AuditAnswersTable;
  audit_photos: AuditPhotosTable;
  audit_answer_history: AuditAnswerHistoryTable;
  audit_revisions: AuditRevisionsTable;
  sheets: SheetsTable;
  sheet_revisions: SheetRevisionsTable;
}

/** A deleted project or report, its rows kept as a JSON snapshot until restored or purged (trash/). */
export interface TrashItemsTable {
  id: string;
  workspace_id: string;
  kind: "project" | "report";
  item_id: string;
  /** The project's name or the report's reference, as shown in the Trash. */
  name: string;
  /** "3 reports" for a project; the project's name for a report. */
  detail: string;
  /** A report's project (restoring it needs that project back first). */
  project_id: string | null;
  deleted_by: string | null;
  deleted_by_name: string;
  deleted_at: number;
  purge_at: number;
  /** JSON: { table: rows[] } in the order the rows are restored. */
  snapshot: string;
  /** JSON: the storage keys of the item's files, deleted at purge. */
  file_keys: string;
  /** The photos' bytes (attachments.size_bytes) still stored for it: storage it holds until purged. */
  file_bytes: number;
}

export type TrashItemRow = Selectable<TrashItemsTable>;

/** A drawing of a project (migration 0012): one page of an uploaded PDF, or an image. */
export interface SheetsTable {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  level: string;
  page_number: number;
  current_revision: number;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** One rendering of a sheet: its tiles live under `tiles_key/`, its source file at `source_key`. */
export interface SheetRevisionsTable {
  id: string;
  sheet_id: string;
  workspace_id: string;
  revision: number;
  status: "processing" | "ready" | "failed";
  failure_reason: string | null;
  source_key: string;
  source_page: number;
  tiles_key: string;
  width: number;
  height: number;
  tile_bytes: number;
  created_at: number;
}

export type SheetRow = Selectable<SheetsTable>;
export type SheetRevisionRow = Selectable<SheetRevisionsTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ReportRow = Selectable<SnaggingReportsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type AttachmentRow = Selectable<AttachmentsTable>;
export type AuditRow = Selectable<AuditsTable>;
export type AuditAnswerRow = Selectable<AuditAnswersTable>;
export type AuditPhotoRow = Selectable<AuditPhotosTable>;
