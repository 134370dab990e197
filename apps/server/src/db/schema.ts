// Table types for Kysely. Dates are epoch seconds (integers) on both databases.

import type { NotificationKind } from "@sitesnag/shared/notifications";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export interface WorkspacesTable {
  id: string;
  name: string;
  is_demo: Generated<number>;
  expires_at: number | null;
  created_at: number;
  /** Bytes of stored files (photos and thumbnails) the workspace's rows name (quotas/storage-quota.ts). */
  storage_bytes: Generated<number>;
  /** The platform admin's quota for this workspace; null: the configured default (migration 0021). */
  storage_quota_bytes: Generated<number | null>;
  /** 1: every member must have a second factor before reaching any data (migration 0045). */
  require_mfa: Generated<number>;
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
  /** The language the person reads SiteSnag in (a code of shared/i18n/locales.ts; read through toLocale). */
  locale: Generated<string>;
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
  /** Issue 23: moving a report to `resolved` needs a new fix photo (1) or not (0, the default). */
  require_evidence_to_close: Generated<number>;
  /** Issue 23: only the report's creator or a workspace owner may close (1), or anyone (0, the default). */
  verified_closing: Generated<number>;
  created_by: string | null;
  created_at: number;
  updated_at: number;
  /** IANA time zone the weekly report's day and hour are read in (migration 0039). */
  time_zone: Generated<string>;
  /**
   * Goes up with every change to the project's location tree or its report counts, by triggers
   * (migration 0047): the tree's ETag.
   */
  tree_version: Generated<number>;
  /**
   * Goes up with every change to the project's locations themselves (not their counts), by
   * triggers (migration 0057): the key of the tree's kept structure (decision 0089).
   */
  locations_version: Generated<number>;
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
  /** A trade's key (issue 36): one of SPEC's seven or one the workspace added (trades table). */
  category: string;
  assigned_to: string | null;
  /** An external assignee (migration 0020): set only when assigned_to is null. */
  assigned_contact_id: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** The report's location (migration 0033): a location of its project, or none. */
  location_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Raised by one with every change: an edit names the version it was made on (issue 23). */
  version: Generated<number>;
  /** How many times a fix was rejected at verification. */
  rejection_count: Generated<number>;
  /** When it was last resolved or closed; null while open or in progress (migration 0037, issue 37). */
  resolved_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When its current assignee got it; null when unassigned (migration 0037). */
  assigned_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The BCF topic it was imported from (migration 0049): unique per project; null when made here. */
  bcf_guid: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** `evidence` (the snag as found) or `fix` (sent with the change that marked it resolved). */
  kind: Generated<"evidence" | "fix">;
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
  kind: NotificationKind;
  /** The report's title when the notification was made, so the entry still reads after edits. */
  report_title: string;
  status: "open" | "in-progress" | "resolved" | "closed" | null;
  read_at: number | null;
  created_at: number;
  /** Notification mail (migration 0013): null until the mailer has looked at it. */
  mail_state: ColumnType<
    "instant" | "digest" | "digested" | "off" | "held" | null,
    string | null | undefined,
    string | null
  >;
  /** What the sentence quotes (migration 0023): a rejection's reason, a share link's name. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bulk change that made it (migration 0050): its mail goes out once per person and batch. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A complete photo upload, by content hash, per workspace (migration 0015, decision 0025). */
export interface UploadsTable {
  workspace_id: string;
  sha256: string;
  size_bytes: number;
  /** `uploads/<random>`: no extension, so GET /files/ never serves a raw upload. */
  storage_key: string;
  uploaded_by: string | null;
  created_at: number;
  /** Upload time, bumped each time a report refers to it; 24 hours after it the upload is removed. */
  last_used_at: number;
  /**
   * When a report first named it (migration 0029); null while pending, when its bytes count
   * against the storage quota for further uploads (decision 0048).
   */
  used_at: number | null;
}

/** One received piece of an unfinished resumable upload. */
export interface UploadPartsTable {
  workspace_id: string;
  sha256: string;
  total_bytes: number;
  start: number;
  size_bytes: number;
  data: Buffer;
  created_at: number;
}

/** A report's append-only history (migration 0011): no statement updates a row. */
export interface ReportActivityTable {
  id: string;
  report_id: string;
  workspace_id: string;
  actor_id: string | null;
  /** The actor's name when they acted, so the entry reads the same after they leave. */
  actor_name: string;
  type: string;
  /** JSON list of ActivityChange (packages/shared/src/activity.ts), or null. */
  changes: string | null;
  comment: string | null;
  /** The report's version this change produced; null for entries that change nothing (PDF export). */
  version: number | null;
  via_offline: Generated<number>;
  /** When an offline change was made on the device (its queue timestamp), epoch seconds. */
  device_at: number | null;
  created_at: number;
  /** The bulk change that made it (migration 0050), shared by every entry of that request. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A comment on a report (issue 23): edited or deleted by its author only. */
export interface ReportCommentsTable {
  id: string;
  report_id: string;
  workspace_id: string;
  author_id: string | null;
  body: string;
  edited_at: number | null;
  created_at: number;
  /** Who the comment has notified, a JSON list of ids (migration 0023; null before it). */
  mentioned: ColumnType<string | null, string | null | undefined, string | null>;
  /** The BCF comment it was imported from (migration 0049): unique per report; null when made here. */
  bcf_guid: ColumnType<string | null, string | null | undefined, string | null>;
  /** A BCF comment's author who is not a member (migration 0049): then author_id is null. */
  external_author: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A comment's photo, stored through the report photos' pipeline (at most 5 per comment). */
export interface CommentPhotosTable {
  id: string;
  comment_id: string;
  storage_key: string;
  thumbnail_key: string | null;
  original_name: string;
  width: number | null;
  height: number | null;
  sha256: string | null;
  position: number;
  created_at: number;
  /** What the display copy and thumbnail hold against the storage quota (0 before migration 0017). */
  size_bytes: Generated<number>;
  thumbnail_bytes: Generated<number>;
}

/** Reports per (workspace, status), kept by triggers on snagging_reports (migration 0006). */
/** The overview's figures kept by triggers (migration 0055, decision 0086): see the migration for the kinds. */
export interface ReportTalliesTable {
  workspace_id: string;
  kind: string;
  project_id: string;
  key: string;
  day: number;
  n: number;
  secs: number;
}

export interface ReportStatusCountsTable {
  workspace_id: string;
  status: SnaggingReportsTable["status"];
  n: number;
}

/** One message to send (mail/mail-outbox.ts): pending until an SMTP server accepts it. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  /** Why the person gets it, shown in the footer (and the log). */
  reason: string;
  /** The one-click unsubscribe URL (List-Unsubscribe, RFC 8058), for notification mail. */
  unsubscribe_url: string | null;
  /** A secret in the bodies (a share link's token) replaced once sent (migration 0024), or null. */
  redact_after_send: string | null;
  status: Generated<"pending" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** The instance sending it now, until lease_until: no other instance takes the row meanwhile. */
  lease_owner: string | null;
  lease_until: number | null;
  /** The last failed attempt's reason, kept after a later success (System Settings shows it). */
  last_error: string | null;
  last_attempt_at: number | null;
  created_at: number;
  sent_at: number | null;
  /** One attached file's storage key and name (migration 0040: the weekly report's PDF), or null. */
  attachment_key: Generated<string | null>;
  attachment_name: Generated<string | null>;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  password_fingerprint: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface NotificationMailPreferencesTable {
  user_id: string;
  /** A notification kind (notifications.kind) or "due" (overdue and due-soon items in the digest). */
  kind: string;
  mode: "instant" | "digest" | "off";
}

export interface MailSettingsTable {
  user_id: string;
  /** IANA time zone the daily digest's hour is read in. */
  time_zone: Generated<string>;
  /** The local day (YYYY-MM-DD) of the last digest, written by the instance that claimed it. */
  digest_sent_on: string | null;
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
  /** What each stored signature image holds against the storage quota (migration 0021). */
  auditor_signature_bytes: Generated<number>;
  site_rep_signature_bytes: Generated<number>;
  /**
   * Every byte of stored file this audit holds against the workspace's quota: its photos and
   * signatures, and the files signed revisions keep after a draft dropped them. Released whole when
   * the audit's files are deleted.
   */
  storage_bytes: Generated<number>;
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
  /** A number or text item's answer (migration 0019; '' for the others). */
  value: string;
  updated_by: string | null;
  updated_at: number;
  /** Rises with every change of this answer (migration 0025, decision 0038). */
  version: number;
}

/** A workspace's own audit template (issue 25, migration 0019); its content lives in its versions. */
export interface AuditTemplatesTable {
  id: string;
  workspace_id: string;
  client_id: string | null;
  name: string;
  description: string;
  /** The version new audits start with (the newest). */
  version: number;
  item_count: number;
  archived_at: number | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

/** Every published version of a template, frozen: an audit keeps the one it was started with. */
export interface AuditTemplateVersionsTable {
  template_id: string;
  version: number;
  definition: string;
  created_by: string | null;
  created_at: number;
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
  /** The thumbnail's size, charged with the display copy (0 before migration 0021). */
  thumbnail_bytes: Generated<number>;
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
  /** JSON `{field: {from, to, replaced?, supersededBy?}}` (decision 0038 for the last two). */
  changes: string;
  /** The id of the other person whose answer this change replaced, if any. */
  overwrote: string | null;
  /** The item version this change produced (migration 0025; null before it). */
  version: number | null;
  /** When the change was made on the device, if it said. */
  device_at: number | null;
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

/** A share link (issue 27): only the token's SHA-256 is kept. */
export interface ShareLinksTable {
  id: string;
  workspace_id: string;
  project_id: string;
  name: string;
  token_hash: string;
  assignee_id: string | null;
  /** The snag filter (JSON, shared SnagFilterSchema) the link was made with. */
  filter: string;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
}

/** One view or action through a share link, named after the link (append-only). */
export interface ShareLinkEventsTable {
  id: string;
  link_id: string;
  workspace_id: string;
  report_id: string | null;
  kind: "view" | "fix";
  link_name: string;
  note: string | null;
  /** JSON list of the attachment ids a fix added. */
  attachment_ids: string | null;
  /** A fix's id chosen by the share page, the same on each retry: unique per link (migration 0029). */
  fix_id: string | null;
  created_at: number;
}

/** A workspace's company branding for PDFs (issue 27). */
export interface WorkspaceBrandingTable {
  workspace_id: string;
  company_name: string | null;
  accent_colour: string | null;
  /** Storage key of the logo rendered to PNG. */
  logo_key: string | null;
  updated_at: number;
}

// The search box's index (migration 0051, decision 0076) is not in this interface on purpose: its
// tables differ by database (PostgreSQL `search_documents` with a tsvector; SQLite `search_items`
// and the FTS5 table `search_fts`), only triggers write them, and search/search.repository.ts reads
// them with `sql`.
export interface Database {
  workspaces: WorkspacesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  projects: ProjectsTable;
  snagging_reports: SnaggingReportsTable;
  report_status_counts: ReportStatusCountsTable;
  report_tallies: ReportTalliesTable;
  attachments: AttachmentsTable;
  invitations: InvitationsTable;
  notifications: NotificationsTable;
  idempotency_keys: IdempotencyKeysTable;
  sync_applied: SyncAppliedTable;
  mail_outbox: MailOutboxTable;
  password_resets: PasswordResetsTable;
  notification_mail_preferences: NotificationMailPreferencesTable;
  mail_settings: MailSettingsTable;
  weekly_report_schedules: WeeklyReportSchedulesTable;
  weekly_report_recipients: WeeklyReportRecipientsTable;
  weekly_report_runs: WeeklyReportRunsTable;
  trash_items: TrashItemsTable;
  trashed_files: TrashedFilesTable;
  audits: AuditsTable;
  audit_answers: AuditAnswersTable;
  audit_photos: AuditPhotosTable;
  audit_answer_history: AuditAnswerHistoryTable;
  audit_revisions: AuditRevisionsTable;
  audit_templates: AuditTemplatesTable;
  audit_template_versions: AuditTemplateVersionsTable;
  sheets: SheetsTable;
  sheet_revisions: SheetRevisionsTable;
  uploads: UploadsTable;
  upload_parts: UploadPartsTable;
  report_activity: ReportActivityTable;
  report_comments: ReportCommentsTable;
  comment_photos: CommentPhotosTable;
  share_links: ShareLinksTable;
  share_link_events: ShareLinkEventsTable;
  workspace_branding: WorkspaceBrandingTable;
  workspace_contacts: WorkspaceContactsTable;
  unmeasured_files: UnmeasuredFilesTable;
  trades: TradesTable;
  api_tokens: ApiTokensTable;
  locations: LocationsTable;
  location_closure: LocationClosureTable;
  live_events: LiveEventsTable;
  mfa_factors: MfaFactorsTable;
  sso_connections: SsoConnectionsTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
  sso_sessions: SsoSessionsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  webauthn_challenges: WebauthnChallengesTable;
  user_sessions: UserSessionsTable;
  security_log: SecurityLogTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}

/** A workspace's identity provider (migration 0053); client_secret sealed by SecretBox. */
export interface SsoConnectionsTable {
  workspace_id: string;
  issuer: string;
  client_id: string;
  client_secret: string;
  domain: string;
  enabled: number;
  /** 0: members sign in through the provider only; owners keep their password. */
  password_sign_in: number;
  updated_at: number;
}

/** The link from a provider's (issuer, subject) to an account. */
export interface SsoIdentitiesTable {
  id: string;
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
}

/** A started single sign-on: named by the hash of the browser's flow token; single use. */
export interface SsoFlowsTable {
  id: string;
  token_hash: string;
  workspace_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  expires_at: number;
  used_at: number | null;
}

/** A session (refresh-token family) opened by single sign-on: it ends SSO_SESSION_MAX_SECONDS after. */
export interface SsoSessionsTable {
  family_id: string;
  user_id: string;
  opened_at: number;
}

/** A second factor of an account (migration 0045): "totp" now, "passkey" next. */
/** A second factor of an account (migrations 0045, 0052): an authenticator app or a passkey. */
export interface MfaFactorsTable {
  id: string;
  user_id: string;
  kind: "totp" | "passkey";
  /** The TOTP secret, encrypted (auth/secret-box.ts). */
  secret_encrypted: string | null;
  last_used_step: number | null;
  confirmed_at: number | null;
  created_at: number;
  last_used_at: number | null;
  /** Passkeys: the credential ID (base64url), unique across accounts. */
  credential_id: string | null;
  /** Passkeys: the COSE public key (base64url). */
  public_key: string | null;
  /** Passkeys: the signature counter last seen (0 for authenticators that keep none). */
  sign_count: number | null;
  /** Passkeys: the transports the browser named, comma-separated. */
  transports: string | null;
  /** Passkeys: the name its owner gave it. */
  name: string | null;
}

/** A WebAuthn challenge handed out and not yet answered (mfa/passkeys.ts): single-use, short-lived. */
export interface WebauthnChallengesTable {
  id: string;
  challenge: string;
  purpose: "register" | "confirm" | "second-factor" | "sign-in";
  user_id: string | null;
  mfa_challenge_id: string | null;
  expires_at: number;
  created_at: number;
}

export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** The sign-in step between a right password and the second factor (mfa/mfa-challenge.ts). */
export interface MfaChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  failures: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** Where a session (refresh-token family) was opened from, and when it was last refreshed. */
export interface UserSessionsTable {
  family_id: string;
  user_id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  last_used_at: number;
}

export interface SecurityLogTable {
  id: string;
  type: string;
  at: number;
  user_id: string | null;
  workspace_id: string | null;
  actor_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** JSON object. */
  details: string;
}

/** The live stream's outbox (issue 39, migration 0043, decision 0068). */
export interface LiveEventsTable {
  id: Generated<number>;
  workspace_id: string;
  /** One of LIVE_EVENT_TYPES (packages/shared/src/live.ts). */
  type: string;
  /** The report, audit, sheet, project or member the event is about. */
  subject_id: string;
  actor_id: string | null;
  actor_name: string | null;
  /** JSON (LiveEventData): what the client needs to decide what to refetch. */
  data: string | null;
  created_at: number;
  /** When a relay claimed it for fan-out; null until then. */
  published_at: number | null;
  /** When the webhook dispatcher claimed it (migration 0048); null until then. */
  webhooks_claimed_at: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A workspace's webhook endpoint (issue 38, migration 0048, decision 0073). */
export interface WebhooksTable {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON array of WEBHOOK_EVENTS. */
  events: string;
  secret_encrypted: string;
  created_by: string | null;
  /** Epoch seconds, like the other times of this table. */
  created_at: number;
  updated_at: number;
  disabled_at: number | null;
  disabled_reason: "owner" | "gone" | "failing" | null;
  failing_since: number | null;
  consecutive_failures: Generated<number>;
}
export type WebhookRow = Selectable<WebhooksTable>;

/** One event for one endpoint; times in epoch ms. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  workspace_id: string;
  type: string;
  event_id: number | null;
  payload: string;
  state: "pending" | "delivered" | "failed";
  attempts: Generated<number>;
  queued_at: number;
  next_attempt_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  delivered_at: number | null;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: number;
  status_code: number | null;
  duration_ms: number;
  response: string;
  error: string | null;
}

/** A project's location tree (issue 36, migration 0033). */
export interface LocationsTable {
  id: string;
  workspace_id: string;
  project_id: string;
  parent_id: string | null;
  /** parent_id, or "" at the top level: the sibling-name unique index needs a non-null column. */
  parent_key: string;
  name: string;
  /** The name folded for the case-insensitive sibling rule (shared/location-import.ts `siblingKey`). */
  name_key: string;
  code: string | null;
  position: number;
  depth: number;
  /** The names from the top level down, joined with " > "; rewritten for a subtree on rename or move. */
  path: string;
  sheet_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
export type LocationRow = Selectable<LocationsTable>;

/** Every (ancestor, descendant) pair of a location tree, each location its own at distance 0. */
export interface LocationClosureTable {
  ancestor_id: string;
  descendant_id: string;
  distance: number;
}

/** A workspace's API token (issue 38, migration 0041); only the secret's SHA-256 is kept. */
export interface ApiTokensTable {
  id: string;
  workspace_id: string;
  name: string;
  /** `sst_` and the secret's next eight characters, shown in the list. */
  prefix: string;
  token_hash: string;
  scopes: "read" | "read write";
  /** The owner who made it; null once that account is deleted. */
  created_by: string | null;
  created_at: number;
  expires_at: number | null;
  /** Written at most once a minute per token (tokens/token-auth.ts). */
  last_used_at: number | null;
  revoked_at: number | null;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;

/** A workspace's trade (migration 0035); none at all means SPEC's seven, unchanged. */
export interface TradesTable {
  workspace_id: string;
  key: string;
  name: string;
  name_folded: string;
  position: number;
  retired: number;
  created_at: number;
  updated_at: number;
}
export type TradeRow = Selectable<TradesTable>;

/** A stored file whose size was never recorded nor charged (migration 0027), until it is measured. */
export interface UnmeasuredFilesTable {
  kind:
    | "audit-photo-thumbnail"
    | "audit-auditor-signature"
    | "audit-site-rep-signature"
    | "attachment-thumbnail"
    | "comment-photo"
    | "comment-photo-thumbnail";
  /** The id of the row naming the file (audit_photos, audits, attachments or comment_photos; 0027, 0028). */
  row_id: string;
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

/** A file of a trashed item: not served while it is in the Trash (trash/, files/). */
export interface TrashedFilesTable {
  key: string;
  trash_item_id: string;
}

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
  /** When its render last started (seconds): set while it is being drawn (migration 0031). */
  render_started_at: number | null;
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
export type ActivityRow = Selectable<ReportActivityTable>;
export type NewActivity = Insertable<ReportActivityTable>;
export type ShareLinkRow = Selectable<ShareLinksTable>;

/** A person outside the workspace a report can be assigned to (migration 0020). */
export interface WorkspaceContactsTable {
  id: string;
  workspace_id: string;
  name: string;
  company: string;
  email: string;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
export type ContactRow = Selectable<WorkspaceContactsTable>;

/** A project's weekly report schedule (issue 37, migration 0039). */
export interface WeeklyReportSchedulesTable {
  project_id: string;
  workspace_id: string;
  enabled: number;
  /** 1 = Monday … 7 = Sunday (ISO). */
  day_of_week: number;
  /** Local hour, 0–23, in the project's time zone. */
  hour: number;
  /** When it was last switched on or moved: only report times from then on are sent. */
  active_since: number;
  /** The language typed addresses read: that of whoever saved the schedule last. */
  locale: string;
  updated_at: number;
}

/** A member (user_id) or a typed address (email) the weekly report goes to. */
export interface WeeklyReportRecipientsTable {
  id: string;
  project_id: string;
  user_id: string | null;
  email: string | null;
  created_at: number;
}

/** One weekly report of one project and period, claimed by one instance (unique project+period). */
export interface WeeklyReportRunsTable {
  id: string;
  project_id: string;
  /** The local date of the report time (YYYY-MM-DD), or `now-<id>` for a "Send now". */
  period: string;
  status: "claimed" | "sent" | "preview";
  owner: string;
  lease_until: number;
  created_at: number;
  sent_at: number | null;
  /** The PDFs in file storage (one per language, comma-separated), attached to the messages. */
  file_key: string | null;
}
export type LiveEventRow = Selectable<LiveEventsTable>;
export type NewLiveEvent = Insertable<LiveEventsTable>;
