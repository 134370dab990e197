import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as initial from "./migrations/0001-initial";
import * as refreshTokenSuccessor from "./migrations/0002-refresh-token-successor";
import * as snaggingEvidence from "./migrations/0003-snagging-evidence";
import * as teamsNotifications from "./migrations/0004-teams-notifications";
import * as syncApplied from "./migrations/0005-sync-applied";
import * as listIndexes from "./migrations/0006-list-indexes";
import * as reportSearchText from "./migrations/0007-report-search-text";
import * as projectUserSearchText from "./migrations/0008-project-user-search-text";
import * as storageUsage from "./migrations/0009-storage-usage";
import * as refreshGraceOnce from "./migrations/0010-refresh-grace-once";
import * as trash from "./migrations/0010-trash";
import * as reportActivity from "./migrations/0011-report-activity";
import * as sheets from "./migrations/0012-sheets";
import * as mail from "./migrations/0013-mail";
import * as shareLinks from "./migrations/0014-share-links";
import * as uploads from "./migrations/0015-uploads";
import * as audits from "./migrations/0016-audits";
import * as commentPhotoBytes from "./migrations/0017-comment-photo-bytes";
import * as auditTemplates from "./migrations/0019-audit-templates";
import * as contacts from "./migrations/0020-contacts";
import * as auditStorage from "./migrations/0021-audit-storage";
import * as commentMentionsNotificationDetail from "./migrations/0023-comment-mentions-notification-detail";
import * as mailRedactAfterSend from "./migrations/0024-mail-redact-after-send";
import * as auditAnswerVersions from "./migrations/0025-audit-answer-versions";
import * as unmeasuredFiles from "./migrations/0027-unmeasured-files";
import * as unmeasuredCommentPhotos from "./migrations/0028-unmeasured-comment-photos";
import * as shareFixIdsUploadUse from "./migrations/0029-share-fix-ids-upload-use";
import * as sheetRenderStarted from "./migrations/0031-sheet-render-started";
import * as userLocale from "./migrations/0032-user-locale";
import * as locations from "./migrations/0033-locations";
import * as locationCountsIndex from "./migrations/0034-location-counts-index";
import * as trades from "./migrations/0035-trades";
import * as reportMilestones from "./migrations/0037-report-milestones";
import * as overviewIndexes from "./migrations/0038-overview-indexes";
import * as weeklyReport from "./migrations/0039-weekly-report";
import * as mailAttachments from "./migrations/0040-mail-attachments";
import * as apiTokens from "./migrations/0041-api-tokens";
import * as liveEvents from "./migrations/0043-live-events";
import * as mfa from "./migrations/0045-mfa";
import * as securityLog from "./migrations/0046-security-log";
import * as locationTreeVersion from "./migrations/0047-location-tree-version";
import * as webhooks from "./migrations/0048-webhooks";
import * as bcfTopics from "./migrations/0049-bcf-topics";
import * as bulkBatches from "./migrations/0050-bulk-batches";
import * as globalSearch from "./migrations/0051-global-search";
import * as passkeys from "./migrations/0052-passkeys";
import * as sso from "./migrations/0053-sso";
import * as webhookEndpointDue from "./migrations/0054-webhook-endpoint-due";
import * as reportTallies from "./migrations/0055-report-tallies";
import * as locationsVersion from "./migrations/0057-locations-version";
import type { Database } from "./schema";

// Migrations are imported statically so the bundled server carries them; names sort in order.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-refresh-token-successor": refreshTokenSuccessor,
  "0003-snagging-evidence": snaggingEvidence,
  "0004-teams-notifications": teamsNotifications,
  "0005-sync-applied": syncApplied,
  "0006-list-indexes": listIndexes,
  "0007-report-search-text": reportSearchText,
  "0008-project-user-search-text": projectUserSearchText,
  "0009-storage-usage": storageUsage,
  "0010-refresh-grace-once": refreshGraceOnce,
  "0010-trash": trash,
  "0011-report-activity": reportActivity,
  "0012-sheets": sheets,
  "0013-mail": mail,
  "0014-share-links": shareLinks,
  "0015-uploads": uploads,
  "0016-audits": audits,
  "0017-comment-photo-bytes": commentPhotoBytes,
  "0019-audit-templates": auditTemplates,
  "0020-contacts": contacts,
  "0021-audit-storage": auditStorage,
  "0023-comment-mentions-notification-detail": commentMentionsNotificationDetail,
  "0024-mail-redact-after-send": mailRedactAfterSend,
  "0025-audit-answer-versions": auditAnswerVersions,
  "0027-unmeasured-files": unmeasuredFiles,
  "0028-unmeasured-comment-photos": unmeasuredCommentPhotos,
  "0029-share-fix-ids-upload-use": shareFixIdsUploadUse,
  "0031-sheet-render-started": sheetRenderStarted,
  "0032-user-locale": userLocale,
  "0033-locations": locations,
  "0034-location-counts-index": locationCountsIndex,
  "0035-trades": trades,
  "0037-report-milestones": reportMilestones,
  "0038-overview-indexes": overviewIndexes,
  "0039-weekly-report": weeklyReport,
  "0040-mail-attachments": mailAttachments,
  "0041-api-tokens": apiTokens,
  "0043-live-events": liveEvents,
  "0045-mfa": mfa,
  "0046-security-log": securityLog,
  "0047-location-tree-version": locationTreeVersion,
  "0048-webhooks": webhooks,
  "0049-bcf-topics": bcfTopics,
  "0050-bulk-batches": bulkBatches,
  "0051-global-search": globalSearch,
  "0052-passkeys": passkeys,
  "0053-sso": sso,
  "0054-webhook-endpoint-due": webhookEndpointDue,
  "0055-report-tallies": reportTallies,
  "0057-locations-version": locationsVersion,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` pins Kysely's own bookkeeping tables to the schema in use: without it the migrator looks
 * for its lock table in every schema, finds another one's, and skips creating its own.
 */
export const migratorFor = (db: Kysely<Database>, schema?: string) =>
  new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });

export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}
