// Changing a draft audit (PATCH /api/audits/{id} and /items/{itemId}). Guarantees:
// - Per item, per field: an answer patch changes only the fields it names, so two people answering
//   different items (or sections) of one audit merge. The same field changed by two people: the
//   last write wins, and the history row records whose answer it replaced (`overwrote`).
// - All or nothing: every check (template items, signatures are images, completion needs both
//   signatures, a completed audit is locked) runs before anything is written; the rows change in
//   one transaction, which first locks the audit's row so concurrent patches apply one after the
//   other and the stored score always matches the stored answers.
// - Files: new signature images are stored before the commit and removed again if it fails; the
//   images they replace are removed after it. Their bytes count against the workspace's storage
//   quota (audits.storage.ts): a signature past it answers 413 with nothing stored.
import { complianceScore, countStatuses, type ItemStatus } from "@sitesnag/shared/audit-scoring";
import { AUDIT_TEMPLATE } from "@sitesnag/shared/audit-template";
import type { AnswerPatch, AuditApi, AuditPatch } from "@sitesnag/shared/audits-api";
import type { Updateable } from "kysely";
import type { AppContext } from "../context";
import type { AuditAnswerHistoryTable, AuditAnswerRow, AuditsTable, UserRow } from "../db/schema";
import { badRequest, conflict } from "../http/errors";
import { newId } from "../ids";
import { assertStorageRoom } from "../quotas/storage-quota";
import { deleteFilesQuietly } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { requireAudit, requireDraft, requireEditor } from "./audits.access";
import { type AuditListRow, findAnswers, insertHistory, updateDraft, upsertAnswer } from "./audits.repository";
import { dayToEpoch, fullName, loadAudit, unknownTemplateItem } from "./audits.service";
import { newSignatureKey, readSignature } from "./audits.signatures";
import { chargeAuditFiles, keptByRevisions, releaseAuditFiles } from "./audits.storage";

const TEMPLATE_IDS = new Set(AUDIT_TEMPLATE.map((t) => t.id));

const COLUMN_OF = {
  status: "status",
  notes: "notes",
  riskSeverity: "risk_severity",
  riskLikelihood: "risk_likelihood",
  actionOwner: "action_owner",
  dueDate: "due_date",
} as const satisfies Record<keyof AnswerPatch, keyof AuditAnswerRow>;

const blankAnswer = (auditId: string, itemId: string): AuditAnswerRow => ({
  audit_id: auditId,
  item_id: itemId,
  status: "",
  notes: "",
  risk_severity: null,
  risk_likelihood: null,
  action_owner: "",
  due_date: null,
  updated_by: null,
  updated_at: 0,
});

const normal = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v);

/** Answers for the template's items only, each item at most once per request (400 otherwise). */
function checkAnswers(answers: readonly ({ itemId: string } & AnswerPatch)[]): void {
  const seen = new Set<string>();
  for (const answer of answers) {
    if (!TEMPLATE_IDS.has(answer.itemId)) throw unknownTemplateItem(answer.itemId);
    if (seen.has(answer.itemId)) {
      throw badRequest(`Item '${answer.itemId}' is answered twice in one request. Nothing was changed.`);
    }
    seen.add(answer.itemId);
  }
}

/** A patch whose every field already holds the value sent (an empty one, a replay): no write at all. */
async function changesNothing(ctx: AppContext, audit: AuditListRow, patch: AuditPatch): Promise<boolean> {
  const { answers = [], formData, ...rest } = patch;
  const same: Record<keyof typeof rest, (v: never) => boolean> = {
    notes: (v: string) => v === audit.notes,
    auditDate: (v: string) => dayToEpoch(v) === Number(audit.audit_date),
    siteRepName: (v: string) => v === audit.site_rep_name,
    status: (v: string) => v === audit.status,
    auditorSignature: (v: string) => v === "" && audit.auditor_signature_key === null,
    siteRepSignature: (v: string) => v === "" && audit.site_rep_signature_key === null,
  };
  for (const [field, value] of Object.entries(rest)) {
    if (value !== undefined && !same[field as keyof typeof rest](value as never)) return false;
  }
  const stored = JSON.parse(audit.form_data) as Record<string, unknown>;
  if (formData && Object.entries(formData).some(([k, v]) => JSON.stringify(stored[k]) !== JSON.stringify(v))) {
    return false;
  }
  if (answers.length === 0) return true;
  const current = new Map((await findAnswers(ctx.db, audit.id)).map((a) => [a.item_id, a]));
  return answers.every(({ itemId, ...fields }) => {
    const row = current.get(itemId) ?? blankAnswer(audit.id, itemId);
    return Object.entries(fields).every(
      ([field, value]) => value === undefined || normal(row[COLUMN_OF[field as keyof AnswerPatch]]) === value,
    );
  });
}

type NewSignature = { key: string; png: Buffer } | null | undefined;

async function prepareSignature(value: string | undefined, whose: string): Promise<NewSignature> {
  if (value === undefined) return undefined;
  if (value === "") return null;
  return { key: newSignatureKey(), png: await readSignature(value, whose) };
}

export async function patchAudit(ctx: AppContext, user: UserRow, id: string, patch: AuditPatch): Promise<AuditApi> {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  if (audit.status === "completed") {
    // Completing again (a device replaying its outbox) changes nothing and is not an error.
    if (Object.keys(patch).length === 1 && patch.status === "completed") return loadAudit(ctx.db, audit);
    requireDraft(audit);
  }
  const answers = patch.answers ?? [];
  checkAnswers(answers);
  if (await changesNothing(ctx, audit, patch)) return loadAudit(ctx.db, audit);
  const auditorSig = await prepareSignature(patch.auditorSignature, "auditor's");
  const siteRepSig = await prepareSignature(patch.siteRepSignature, "site representative's");

  const hasAuditorSig = auditorSig === undefined ? audit.auditor_signature_key !== null : auditorSig !== null;
  const hasSiteRepSig = siteRepSig === undefined ? audit.site_rep_signature_key !== null : siteRepSig !== null;
  if (patch.status === "completed" && !(hasAuditorSig && hasSiteRepSig)) {
    const missing = [...(hasAuditorSig ? [] : ["auditorSignature"]), ...(hasSiteRepSig ? [] : ["siteRepSignature"])];
    throw badRequest(
      "An audit can be completed only once both the auditor and the site representative have signed. Nothing was changed.",
      Object.fromEntries(missing.map((field) => [field, ["A signature is needed to complete the audit"]])),
    );
  }

  const stored = [auditorSig, siteRepSig].filter((s): s is { key: string; png: Buffer } => !!s);
  const newBytes = stored.reduce((sum, s) => sum + s.png.length, 0);
  const replacedBytes =
    (auditorSig !== undefined ? Number(audit.auditor_signature_bytes) : 0) +
    (siteRepSig !== undefined ? Number(audit.site_rep_signature_bytes) : 0);
  await assertStorageRoom(ctx, audit.workspace_id, newBytes - replacedBytes);
  const puts = await Promise.allSettled(stored.map((s) => ctx.storage.put(s.key, s.png, "image/png")));
  const newKeys = stored.map((s) => s.key);
  if (puts.some((p) => p.status === "rejected")) {
    await deleteFilesQuietly(ctx, newKeys);
    throw (puts.find((p) => p.status === "rejected") as PromiseRejectedResult).reason;
  }

  const now = nowSeconds();
  const replacedKeys: { key: string; bytes: number }[] = [];
  const changes: Updateable<AuditsTable> = { updated_at: now };
  if (patch.notes !== undefined) changes.notes = patch.notes;
  if (patch.auditDate !== undefined) changes.audit_date = dayToEpoch(patch.auditDate);
  if (patch.formData !== undefined) {
    changes.form_data = JSON.stringify({ ...JSON.parse(audit.form_data), ...patch.formData });
  }
  if (patch.siteRepName !== undefined) changes.site_rep_name = patch.siteRepName;
  if (auditorSig !== undefined) {
    if (audit.auditor_signature_key) {
      replacedKeys.push({ key: audit.auditor_signature_key, bytes: Number(audit.auditor_signature_bytes) });
    }
    changes.auditor_signature_key = auditorSig?.key ?? null;
    changes.auditor_signature_bytes = auditorSig?.png.length ?? 0;
    changes.auditor_signer_name = auditorSig ? audit.auditor_name : null;
    changes.auditor_signed_at = auditorSig ? now : null;
  }
  if (siteRepSig !== undefined) {
    if (audit.site_rep_signature_key) {
      replacedKeys.push({ key: audit.site_rep_signature_key, bytes: Number(audit.site_rep_signature_bytes) });
    }
    changes.site_rep_signature_key = siteRepSig?.key ?? null;
    changes.site_rep_signature_bytes = siteRepSig?.png.length ?? 0;
    changes.site_rep_signed_at = siteRepSig ? now : null;
  }
  if (patch.status === "completed") {
    changes.status = "completed";
    changes.completed_at = now;
  }

  let deletedKeys: string[] = [];
  try {
    deletedKeys = await ctx.db.transaction().execute(async (trx) => {
      // Locks the row first (and fails if it was completed or revised meanwhile).
      if (!(await updateDraft(trx, audit.id, Number(audit.revision), { updated_at: now }))) {
        throw conflict("This audit was completed or changed meanwhile. Reload it and try again.");
      }
      const current = new Map((await findAnswers(trx, audit.id)).map((a) => [a.item_id, a]));
      const history: AuditAnswerHistoryTable[] = [];
      for (const { itemId, ...fields } of answers) {
        const before = current.get(itemId);
        const row: AuditAnswerRow = { ...(before ?? blankAnswer(audit.id, itemId)) };
        const diff: Record<string, { from: unknown; to: unknown }> = {};
        for (const [field, value] of Object.entries(fields) as [keyof AnswerPatch, unknown][]) {
          const column = COLUMN_OF[field];
          const from = normal(row[column]);
          if (value === undefined || from === value) continue;
          diff[field] = { from, to: value };
          (row as Record<string, unknown>)[column] = value;
        }
        if (Object.keys(diff).length === 0) continue;
        const overwrote = before?.updated_by && before.updated_by !== user.id ? before.updated_by : null;
        row.updated_by = user.id;
        row.updated_at = now;
        await upsertAnswer(trx, row, before !== undefined);
        current.set(itemId, row);
        history.push({
          id: newId(),
          audit_id: audit.id,
          item_id: itemId,
          user_id: user.id,
          user_name: fullName(user),
          changes: JSON.stringify(diff),
          overwrote,
          created_at: now,
        });
      }
      await insertHistory(trx, history);
      const statuses = AUDIT_TEMPLATE.map((t) => ({ status: (current.get(t.id)?.status ?? "") as ItemStatus }));
      const counts = countStatuses(statuses);
      changes.overall_score = complianceScore(statuses);
      changes.total_items = counts.total;
      changes.passed_items = counts.compliant;
      changes.failed_items = counts.nonCompliant;
      if (!(await updateDraft(trx, audit.id, Number(audit.revision), changes))) {
        throw conflict("This audit was completed or changed meanwhile. Reload it and try again.");
      }
      // Replaced signatures go (and give their room back) unless a signed revision shows them;
      // released before the new ones are charged, so swapping a signature fits a full workspace.
      const kept = replacedKeys.length > 0 ? await keptByRevisions(trx, audit.id) : new Set<string>();
      const deleted = replacedKeys.filter((r) => !kept.has(r.key));
      await releaseAuditFiles(
        trx,
        audit,
        deleted.reduce((sum, r) => sum + r.bytes, 0),
      );
      await chargeAuditFiles(ctx, trx, audit, newBytes);
      return deleted.map((r) => r.key);
    });
  } catch (err) {
    await deleteFilesQuietly(ctx, newKeys);
    throw err;
  }
  await deleteFilesQuietly(ctx, deletedKeys);
  return loadAudit(ctx.db, await requireAudit(ctx, user, audit.id));
}
