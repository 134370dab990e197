// Audit use cases other than changing one (audits.update.ts), its photos (audits.photos.ts) and
// its revisions (audits.revisions.ts). Each checks workspace and role first (audits.access.ts).
import { templateItems } from "@sitesnag/shared/audit-templates";
import type { AuditFormData } from "@sitesnag/shared/audits";
import type { AnswerHistoryEntry, AuditApi, AuditCreate, AuditList, AuditListQuery } from "@sitesnag/shared/audits-api";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { LiveEventType } from "@sitesnag/shared/live";
import { pageSize } from "@sitesnag/shared/pagination";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import { toPage } from "../db/keyset";
import type { AuditRow, Database, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { type LiveEventInput, recordLiveEvent, userActor } from "../events/events.writer";
import { AppError, forbidden } from "../http/errors";
import { newId } from "../ids";
import { requireProjectField } from "../snagging/snagging.access";
import { deleteFilesQuietly } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { templateForNewAudit, templateOfAudit } from "./audit-templates.service";
import { isWorkspaceOwner, requireAudit, requireEditor } from "./audits.access";
import { presentAudit, presentAuditSummary, presentHistory, presentItems } from "./audits.presenter";
import {
  type AuditListRow,
  countAudits,
  deleteAuditRows,
  fileKeysOfAudits,
  findAnswers,
  findAuditByClientId,
  findAuditsPage,
  findHistory,
  findPhotos,
  findRevisions,
  insertAudit,
} from "./audits.repository";
import { deviceTime } from "./audits.signatures";
import { releaseAuditsStorage } from "./audits.storage";

type Q = Kysely<Database> | Transaction<Database>;

/** "2026-11-25" → epoch seconds of that day's UTC midnight. */
export const dayToEpoch = (day: string): number => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000);

export const fullName = (user: Pick<UserRow, "first_name" | "last_name">): string =>
  `${user.first_name} ${user.last_name}`.trim();

/** The whole audit as the API answers it: checklist in template order, photos, signatures, revisions. */
export async function loadAudit(db: Q, row: AuditListRow): Promise<AuditApi> {
  const [answers, photos, revisions, template] = await Promise.all([
    findAnswers(db, row.id),
    findPhotos(db, row.id),
    findRevisions(db, row.id),
    templateOfAudit(db, row),
  ]);
  return presentAudit(row, template, presentItems(template, answers, photos), revisions);
}

/** GET /api/audits: the workspace's audits, newest first, one page at a time. */
export async function listAudits(ctx: AppContext, user: UserRow, query: AuditListQuery): Promise<AuditList> {
  const size = query.limit ?? (query.cursor ? pageSize(query) : 50);
  // A malformed project or auditor id matches nothing (as another workspace's does).
  const auditorId = query.auditorId ?? query.auditor;
  const malformed = [query.projectId, auditorId].some((id) => id !== undefined && !UUID_PATTERN.test(id));
  if (malformed) return { audits: [], nextCursor: null };
  const fetched = await findAuditsPage(
    ctx.db,
    user.workspace_id,
    {
      projectId: query.projectId,
      status: query.status,
      auditorId,
      from: query.from === undefined ? undefined : dayToEpoch(query.from),
      to: query.to === undefined ? undefined : dayToEpoch(query.to),
      clientId: query.clientId,
    },
    query.cursor,
    size,
  );
  const { rows, nextCursor } = toPage(fetched, size, (r) => ({ sort: Number(r.created_at), id: r.id }));
  return { audits: rows.map(presentAuditSummary), nextCursor };
}

/** The dashboard's Audits Run: every audit of the caller's workspace, a teammate's too (the device adds its own not uploaded yet). */
export async function countWorkspaceAudits(ctx: AppContext, user: UserRow): Promise<{ count: number }> {
  return { count: await countAudits(ctx.db, user.workspace_id) };
}

export async function getAudit(ctx: AppContext, user: UserRow, id: string): Promise<AuditApi> {
  return loadAudit(ctx.db, await requireAudit(ctx, user, id));
}

/**
 * POST /api/audits. With a `clientId` (a device uploading an audit it already holds) a repeat
 * answers the audit made the first time instead of a second one (`created: false`).
 */
/** An audit's live event (issue 39): every member sees the workspace's audits. */
export const auditEvent = (
  user: UserRow,
  type: LiveEventType,
  audit: Pick<AuditRow, "id" | "project_id">,
): LiveEventInput => ({
  workspaceId: user.workspace_id,
  type,
  subjectId: audit.id,
  actor: userActor(user),
  data: { projectId: audit.project_id },
});

export async function createAudit(
  ctx: AppContext,
  user: UserRow,
  input: AuditCreate,
): Promise<{ audit: AuditApi; created: boolean }> {
  const existing = async () => {
    const found = input.clientId ? await findAuditByClientId(ctx.db, user.workspace_id, input.clientId) : undefined;
    return found ? { audit: await getAudit(ctx, user, found.id), created: false } : undefined;
  };
  const earlier = await existing();
  if (earlier) return earlier;
  const project = await requireProjectField(ctx, user, input.projectId);
  const { ref: template } = await templateForNewAudit(ctx, user, input.templateId);
  const now = nowSeconds();
  const auditorName = fullName(user);
  const formData: Partial<AuditFormData> = {
    projectName: project.name,
    siteAddress: project.location,
    auditorName,
    auditDate: input.auditDate,
  };
  const row: AuditRow = {
    id: newId(),
    workspace_id: user.workspace_id,
    project_id: project.id,
    client_id: input.clientId ?? null,
    auditor_id: user.id,
    auditor_name: auditorName,
    template_id: template.id,
    template_version: template.version,
    status: "draft",
    revision: 1,
    audit_date: dayToEpoch(input.auditDate),
    notes: input.notes,
    form_data: JSON.stringify(formData),
    overall_score: 0,
    total_items: templateItems(template).length,
    passed_items: 0,
    failed_items: 0,
    auditor_signature_key: null,
    auditor_signer_name: null,
    auditor_signed_at: null,
    site_rep_name: "",
    site_rep_signature_key: null,
    site_rep_signed_at: null,
    completed_at: null,
    // A device audit made offline keeps the time it was made (its signatures may be older than the sync).
    created_at: input.clientId ? deviceTime(input.createdAt, 1, now) : now,
    updated_at: now,
    auditor_signature_bytes: 0,
    site_rep_signature_bytes: 0,
    storage_bytes: 0,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertAudit(trx, row);
      await recordLiveEvent(trx, auditEvent(user, "audit.created", row));
    });
  } catch (err) {
    // The same device audit uploaded twice at once: the first insert won.
    if (uniqueViolation(err) !== null) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw err;
  }
  return { audit: await loadAudit(ctx.db, { ...row, project_name: project.name }), created: true };
}

/**
 * DELETE /api/audits/{id}: a draft by its auditor or an owner; a completed (signed) audit by an
 * owner only. Rows in one transaction (with the release of every byte the audit held against the
 * workspace's storage quota), files after the commit.
 */
export async function removeAudit(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  if (audit.status === "completed" && !isWorkspaceOwner(user)) {
    throw forbidden("Only a workspace owner can delete a completed audit.");
  }
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const fileKeys = await fileKeysOfAudits(trx, [audit.id]);
    await releaseAuditsStorage(trx, [audit.id]);
    await deleteAuditRows(trx, [audit.id]);
    await recordLiveEvent(trx, auditEvent(user, "audit.deleted", audit));
    return fileKeys;
  });
  await deleteFilesQuietly(ctx, keys);
}

/** GET /api/audits/{id}/history: who changed which answer, newest first (at most 500 entries). */
export async function auditHistory(ctx: AppContext, user: UserRow, id: string): Promise<AnswerHistoryEntry[]> {
  const audit = await requireAudit(ctx, user, id);
  return (await findHistory(ctx.db, audit.id)).map(presentHistory);
}

export const unknownTemplateItem = (itemId: string) =>
  new AppError(400, `'${itemId.slice(0, 64)}' is not an item of this audit's template. Nothing was changed.`, {
    answers: [`'${itemId.slice(0, 64)}' is not an item of this audit's template`],
  });
