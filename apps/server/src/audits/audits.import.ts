// POST /api/audits/import: an audit this browser kept (decision 0014), or one entry of a backup
// file, moved up to the server in one request. Guarantees:
// - Idempotent: the device's audit id is the audit's client id (unique per workspace), so an upload
//   repeated after a lost answer, or from a second tab, answers the audit made the first time (200).
// - Any template: a standard-template audit, or one of a custom template of this workspace at the
//   version it was started with (decision 0028); answers follow that version's answer sets.
// - All or nothing: every answer must be a template item, every photo a real image, every
//   signature an image; all are checked before anything is stored. Files are stored first, then the
//   rows in one transaction; if that fails the files are removed again.
// - A device audit signed by both parties arrives completed (locked); otherwise as a draft.
// - Its photos and signatures count against the workspace's storage quota: past it, 413 before any
//   file is stored; the charge is made with the rows.
import { complianceScore, countStatuses, type ItemStatus } from "@sitesnag/shared/audit-scoring";
import { AUDIT_TEMPLATE, AUDIT_TEMPLATE_VERSION } from "@sitesnag/shared/audit-template";
import { type AuditTemplateRef, templateItems, templateScore } from "@sitesnag/shared/audit-templates";
import {
  AUDIT_MAX_EPOCH,
  type AuditApi,
  type AuditImport,
  MAX_AUDIT_PHOTOS,
  STANDARD_TEMPLATE_ID,
} from "@sitesnag/shared/audits-api";
import type { AppContext } from "../context";
import type { AuditAnswerRow, AuditPhotoRow, AuditRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, badRequest } from "../http/errors";
import { newId } from "../ids";
import { assertStorageRoom } from "../quotas/storage-quota";
import { requireProjectField } from "../snagging/snagging.access";
import { deleteFilesQuietly, newPhotoKey } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { templateOfUpload } from "./audit-templates.service";
import { findAuditByClientId } from "./audits.repository";
import { fullName, getAudit, loadAudit, unknownTemplateItem } from "./audits.service";
import { deviceTime, newSignatureKey, readSignature } from "./audits.signatures";
import { chargeAuditFiles } from "./audits.storage";
import { checkAnswers } from "./audits.update";

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TEMPLATE_IDS = new Set(AUDIT_TEMPLATE.map((t) => t.id));

type File = { key: string; bytes: Buffer; type: string };

const isDate = (v: number | null) => v === null || (v >= 0 && v <= AUDIT_MAX_EPOCH);

/** Dates the device stored must be real days (they are printed): 400 naming the first that is not. */
function checkDates({ summary, detail }: AuditImport): void {
  const fields: [string, number | null][] = [
    ["The audit date", summary.auditDate],
    ["The auditor's signing time", detail.auditorSignedAt],
    ["The site representative's signing time", detail.siteRepSignedAt],
    ...detail.checklist.map((i): [string, number | null] => [`The due date of '${i.id}'`, i.dueDate]),
  ];
  const bad = fields.find(([, value]) => !isDate(value));
  if (bad) throw badRequest(`${bad[0]} is not a date SiteSnag can keep. Nothing was uploaded.`);
}

type Item = AuditImport["detail"]["checklist"][number];
type Stored = { status: ItemStatus; value: string };

/** A standard-template audit's answers: statuses only. */
function standardAnswers(checklist: readonly Item[]): (itemId: string) => Stored {
  for (const item of checklist) if (!TEMPLATE_IDS.has(item.id)) throw unknownTemplateItem(item.id);
  const byId = new Map(checklist.map((i) => [i.id, i.status]));
  return (id) => ({ status: byId.get(id) ?? "", value: "" });
}

/**
 * A custom template's answers, checked as a PATCH checks them: a status item by its status, a
 * number or text item by its value (a number's status worked out from its limits).
 */
function customAnswers(template: AuditTemplateRef, checklist: readonly Item[]): (itemId: string) => Stored {
  const byValue = new Set(
    templateItems(template)
      .filter((t) => t.answerSet === "number" || t.answerSet === "text")
      .map((t) => t.id),
  );
  const checked = checkAnswers(
    template,
    checklist.map((i) =>
      byValue.has(i.id) ? { itemId: i.id, value: i.value ?? "" } : { itemId: i.id, status: i.status },
    ),
  );
  const byId = new Map(checked.map((a) => [a.itemId, { status: a.status ?? "", value: a.value ?? "" }]));
  return (id) => byId.get(id) ?? { status: "", value: "" };
}

export async function importAudit(
  ctx: AppContext,
  user: UserRow,
  entry: AuditImport,
): Promise<{ audit: AuditApi; created: boolean }> {
  const { summary, detail } = entry;
  if (!CLIENT_ID.test(summary.id)) {
    throw badRequest("This audit's id is not one SiteSnag made, so it cannot be uploaded.");
  }
  const existing = async () => {
    const found = await findAuditByClientId(ctx.db, user.workspace_id, summary.id);
    return found ? { audit: await getAudit(ctx, user, found.id), created: false } : undefined;
  };
  const earlier = await existing();
  if (earlier) return earlier;
  checkDates(entry);
  const project = await requireProjectField(ctx, user, summary.projectId);
  if (new Set(detail.checklist.map((i) => i.id)).size !== detail.checklist.length) {
    throw badRequest("An item is answered twice in this audit. Nothing was uploaded.");
  }
  const custom = detail.template && detail.template.id !== STANDARD_TEMPLATE_ID ? detail.template : undefined;
  const template = custom ? await templateOfUpload(ctx, user, custom) : undefined;
  const answerOf = template ? customAnswers(template, detail.checklist) : standardAnswers(detail.checklist);

  // Every check that reads bytes runs before anything is stored.
  const now = nowSeconds();
  const auditId = newId();
  const photoById = new Map(entry.photos.map((p) => [p.id, p]));
  const references = detail.checklist.reduce((n, item) => n + item.photos.filter((id) => photoById.has(id)).length, 0);
  if (references > MAX_AUDIT_PHOTOS) {
    throw new AppError(413, `An audit can have at most ${MAX_AUDIT_PHOTOS} photos in all. Nothing was uploaded.`);
  }
  const photoRows: AuditPhotoRow[] = [];
  const files: File[] = [];
  for (const item of detail.checklist) {
    for (const [position, photoId] of item.photos.entries()) {
      const photo = photoById.get(photoId);
      if (!photo) continue; // A reference to a photo the device no longer had: nothing to carry.
      const processed = await ctx.photos.process(
        Buffer.from(photo.data, "base64"),
        `Photo ${position + 1} of ${item.id}`,
      );
      const key = newPhotoKey();
      photoRows.push({
        id: newId(),
        audit_id: auditId,
        workspace_id: user.workspace_id,
        item_id: item.id,
        client_id: null,
        storage_key: `${key}.jpg`,
        thumbnail_key: `${key}-thumb.jpg`,
        sha256: processed.sha256,
        width: processed.width,
        height: processed.height,
        size_bytes: processed.display.length,
        thumbnail_bytes: processed.thumbnail.length,
        position,
        created_at: now,
      });
      files.push({ key: `${key}.jpg`, bytes: processed.display, type: "image/jpeg" });
      files.push({ key: `${key}-thumb.jpg`, bytes: processed.thumbnail, type: "image/jpeg" });
    }
  }
  const signature = async (dataUrl: string, whose: string) => {
    if (dataUrl.trim() === "") return { key: null, bytes: 0 };
    const key = newSignatureKey();
    const png = await readSignature(dataUrl, whose);
    files.push({ key, bytes: png, type: "image/png" });
    return { key, bytes: png.length };
  };
  const auditorSig = await signature(detail.auditorSignature, "auditor's");
  const siteRepSig = await signature(detail.siteRepSignature, "site representative's");
  const auditorKey = auditorSig.key;
  const siteRepKey = siteRepSig.key;
  const storedBytes = files.reduce((sum, f) => sum + f.bytes.length, 0);
  const completed = auditorKey !== null && siteRepKey !== null;

  const answers: AuditAnswerRow[] = detail.checklist.map((item) => ({
    audit_id: auditId,
    item_id: item.id,
    status: answerOf(item.id).status,
    notes: item.notes,
    risk_severity: item.riskSeverity,
    risk_likelihood: item.riskLikelihood,
    action_owner: item.actionOwner,
    due_date: item.dueDate,
    value: answerOf(item.id).value,
    updated_by: user.id,
    updated_at: now,
    version: 0,
  }));
  const byItem = new Map(answers.map((a) => [a.item_id, a.status]));
  const statuses = AUDIT_TEMPLATE.map((t) => ({ status: (byItem.get(t.id) ?? "") as ItemStatus }));
  const counts = template
    ? templateScore(template, (id) => (byItem.get(id) ?? "") as ItemStatus)
    : { ...countStatuses(statuses), score: complianceScore(statuses) };
  const auditorName = fullName(user);
  // Times the device kept, as a PATCH takes them (audits.signatures.ts): none in the future, no
  // signature before the audit was made.
  const createdAt = deviceTime(summary.createdAt, 1, now);
  const row: AuditRow = {
    id: auditId,
    workspace_id: user.workspace_id,
    project_id: project.id,
    client_id: summary.id,
    auditor_id: user.id,
    auditor_name: auditorName,
    template_id: template?.id ?? STANDARD_TEMPLATE_ID,
    template_version: template?.version ?? (detail.templateVersion || AUDIT_TEMPLATE_VERSION),
    status: completed ? "completed" : "draft",
    revision: 1,
    audit_date: summary.auditDate,
    notes: detail.notes,
    form_data: JSON.stringify(detail.formData),
    overall_score: counts.score,
    total_items: counts.total,
    passed_items: counts.compliant,
    failed_items: counts.nonCompliant,
    auditor_signature_key: auditorKey,
    auditor_signer_name: auditorKey ? auditorName : null,
    auditor_signed_at: auditorKey ? deviceTime(detail.auditorSignedAt, createdAt, now) : null,
    site_rep_name: detail.siteRepName,
    site_rep_signature_key: siteRepKey,
    site_rep_signed_at: siteRepKey ? deviceTime(detail.siteRepSignedAt, createdAt, now) : null,
    completed_at: completed
      ? Math.max(deviceTime(detail.auditorSignedAt, createdAt, now), deviceTime(detail.siteRepSignedAt, createdAt, now))
      : null,
    created_at: createdAt,
    updated_at: now,
    auditor_signature_bytes: auditorSig.bytes,
    site_rep_signature_bytes: siteRepSig.bytes,
    // Charged with the rows below (chargeAuditFiles adds to it).
    storage_bytes: 0,
  };

  const keys = files.map((f) => f.key);
  // A full workspace costs no file writes; the charge in the transaction stays the authority.
  await assertStorageRoom(ctx, user.workspace_id, storedBytes);
  try {
    const puts = await Promise.allSettled(files.map((f) => ctx.storage.put(f.key, f.bytes, f.type)));
    const failed = puts.find((p) => p.status === "rejected");
    if (failed) throw failed.reason;
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto("audits").values(row).execute();
      if (answers.length > 0) await trx.insertInto("audit_answers").values(answers).execute();
      if (photoRows.length > 0) await trx.insertInto("audit_photos").values(photoRows).execute();
      await chargeAuditFiles(ctx, trx, row, storedBytes);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, keys);
    // The same device audit uploaded twice at once: the first one won.
    if (uniqueViolation(err) !== null) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw err;
  }
  return { audit: await loadAudit(ctx.db, { ...row, project_name: project.name }), created: true };
}
