// Changing a draft audit (PATCH /api/audits/{id} and /items/{itemId}). Guarantees:
// - Per item, per field: an answer patch changes only the fields it names, so two people answering
//   different items (or sections) of one audit merge. The same field changed by two people follows
//   the no-silent-overwrite rule when the change names the item version it was made on
//   (audits.merge.ts, decision 0038); without a version the last write wins, as before, and the
//   history row records whose answer it replaced (`overwrote`).
// - All or nothing: every check (template items, signatures are images, completion needs both
//   signatures, a completed audit is locked) runs before anything is written; the rows change in
//   one transaction, which first locks the audit's row so concurrent patches apply one after the
//   other and the stored score always matches the stored answers.
// - Files: new signature images are stored before the commit and removed again if it fails; the
//   images they replace are removed after it. Their bytes count against the workspace's storage
//   quota (audits.storage.ts): a signature past it answers 413 with nothing stored.
import type { ItemStatus } from "@sitesnag/shared/audit-scoring";
import {
  ANSWER_SET_LABELS,
  type AuditTemplateRef,
  allowedStatuses,
  isNumberAnswer,
  numberStatus,
  templateItems,
  templateScore,
} from "@sitesnag/shared/audit-templates";
import type { AnswerPatch, AuditApi, AuditPatch } from "@sitesnag/shared/audits-api";
import type { Updateable } from "kysely";
import type { AppContext } from "../context";
import type { AuditAnswerHistoryTable, AuditAnswerRow, AuditsTable, UserRow } from "../db/schema";
import { recordLiveEvent } from "../events/events.writer";
import { badRequest, conflict } from "../http/errors";
import { newId } from "../ids";
import { assertStorageRoom } from "../quotas/storage-quota";
import { deleteFilesQuietly } from "../snagging/snagging.files";
import { nowSeconds } from "../time";
import { templateOfAudit } from "./audit-templates.service";
import { requireAudit, requireDraft, requireEditor } from "./audits.access";
import { mergeAnswer, type StoredAnswerChange } from "./audits.merge";
import {
  type AuditListRow,
  findAnswers,
  findPhotos,
  insertHistory,
  updateDraft,
  upsertAnswer,
} from "./audits.repository";
import { auditEvent, dayToEpoch, fullName, loadAudit, unknownTemplateItem } from "./audits.service";
import { deviceTime, newSignatureKey, readSignature } from "./audits.signatures";
import { chargeAuditFiles, keptByRevisions, releaseAuditFiles } from "./audits.storage";

const COLUMN_OF = {
  status: "status",
  notes: "notes",
  riskSeverity: "risk_severity",
  riskLikelihood: "risk_likelihood",
  actionOwner: "action_owner",
  dueDate: "due_date",
  value: "value",
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
  value: "",
  updated_by: null,
  updated_at: 0,
  version: 0,
});

/** A stored number column (PostgreSQL answers bigint as text) as a number; the answer's text stays text. */
const normal = (v: unknown, column?: string) =>
  column !== "value" && typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;

type Answer = { itemId: string; version?: number | undefined; deviceAt?: number | undefined } & AnswerPatch;

const notInSet = (itemId: string, message: string) =>
  badRequest(`${message} Nothing was changed.`, { answers: [`${itemId.slice(0, 64)}: ${message}`] });

/**
 * Answers for the template's items only, each item at most once per request, each within its
 * item's answer set (400 otherwise). A number answer brings the status it stands for with it.
 */
export function checkAnswers(template: AuditTemplateRef, answers: readonly Answer[]): Answer[] {
  const items = new Map(templateItems(template).map((t) => [t.id, t]));
  const seen = new Set<string>();
  return answers.map((answer) => {
    const item = items.get(answer.itemId);
    if (!item) throw unknownTemplateItem(answer.itemId);
    if (seen.has(answer.itemId)) {
      throw badRequest(`Item '${answer.itemId}' is answered twice in one request. Nothing was changed.`);
    }
    seen.add(answer.itemId);
    const set = ANSWER_SET_LABELS[item.answerSet];
    if (answer.status !== undefined && !allowedStatuses(item).includes(answer.status)) {
      throw notInSet(
        answer.itemId,
        item.answerSet === "number" || item.answerSet === "text"
          ? `Item '${answer.itemId}' is answered with a ${item.answerSet === "number" ? "number" : "text"} value, not a status.`
          : `'${answer.status}' is not an answer of item '${answer.itemId}' (${set}).`,
      );
    }
    if (answer.value === undefined) return answer;
    if (item.answerSet === "cinna" || item.answerSet === "yesno") {
      if (answer.value !== "") {
        throw notInSet(answer.itemId, `Item '${answer.itemId}' is answered with a status (${set}), not a value.`);
      }
      return answer;
    }
    if (item.answerSet === "number") {
      if (!isNumberAnswer(answer.value)) {
        throw notInSet(answer.itemId, `The answer of item '${answer.itemId}' must be a number.`);
      }
      return { ...answer, status: numberStatus(item, answer.value) };
    }
    return answer;
  });
}

/** Non-compliant items whose template asks for a photo and that have none: completion waits for them. */
async function missingNcPhotos(
  ctx: AppContext,
  audit: AuditListRow,
  template: AuditTemplateRef,
  answers: readonly Answer[],
): Promise<string[]> {
  const needing = templateItems(template).filter((t) => t.photoOnNc);
  if (needing.length === 0) return [];
  const [stored, photos] = await Promise.all([findAnswers(ctx.db, audit.id), findPhotos(ctx.db, audit.id)]);
  const status = new Map(stored.map((a) => [a.item_id, a.status as ItemStatus]));
  for (const a of answers) if (a.status !== undefined) status.set(a.itemId, a.status);
  const withPhotos = new Set(photos.map((p) => p.item_id));
  return needing.filter((t) => status.get(t.id) === "NC" && !withPhotos.has(t.id)).map((t) => t.id);
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
    // Only ever sent with its signature (checked first), which is what counts.
    auditorSignedAt: () => true,
    siteRepSignedAt: () => true,
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
  return answers.every(({ itemId, version: _version, deviceAt: _deviceAt, ...fields }) => {
    const row = current.get(itemId) ?? blankAnswer(audit.id, itemId);
    return Object.entries(fields).every(([field, value]) => {
      const column = COLUMN_OF[field as keyof AnswerPatch];
      return value === undefined || normal(row[column], column) === value;
    });
  });
}

/** Rolls back a change that turned out to write nothing (see the transaction below). */
const NOTHING_TO_WRITE = new Error("nothing to write");

type NewSignature = { key: string; png: Buffer } | null | undefined;

async function prepareSignature(value: string | undefined, whose: string): Promise<NewSignature> {
  if (value === undefined) return undefined;
  if (value === "") return null;
  return { key: newSignatureKey(), png: await readSignature(value, whose) };
}

export async function patchAudit(ctx: AppContext, user: UserRow, id: string, sent: AuditPatch): Promise<AuditApi> {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  if (audit.status === "completed") {
    // Completing again (a device replaying its outbox) changes nothing and is not an error.
    if (Object.keys(sent).length === 1 && sent.status === "completed") return loadAudit(ctx.db, audit);
    requireDraft(audit);
  }
  const template = await templateOfAudit(ctx.db, audit);
  const answers = checkAnswers(template, sent.answers ?? []);
  const patch: AuditPatch = sent.answers ? { ...sent, answers } : sent;
  for (const [time, image, whose] of [
    [patch.auditorSignedAt, patch.auditorSignature, "auditor's"],
    [patch.siteRepSignedAt, patch.siteRepSignature, "site representative's"],
  ] as const) {
    if (time !== undefined && !image) {
      throw badRequest(`The ${whose} signing time can only be sent with the ${whose} signature. Nothing was changed.`);
    }
  }
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
  if (patch.status === "completed") {
    const needPhotos = await missingNcPhotos(ctx, audit, template, answers);
    if (needPhotos.length > 0) {
      throw badRequest(
        `An audit can be completed only once every non-compliant item that asks for a photo has one (${needPhotos.join(", ")}). Nothing was changed.`,
        { answers: needPhotos.map((id) => `${id}: a photo is needed for a non-compliant answer`) },
      );
    }
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
  // The time each party signed on the device (an audit signed offline and synced later), if believable.
  const createdAt = Number(audit.created_at);
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
    changes.auditor_signed_at = auditorSig ? deviceTime(patch.auditorSignedAt, createdAt, now) : null;
  }
  if (siteRepSig !== undefined) {
    if (audit.site_rep_signature_key) {
      replacedKeys.push({ key: audit.site_rep_signature_key, bytes: Number(audit.site_rep_signature_bytes) });
    }
    changes.site_rep_signature_key = siteRepSig?.key ?? null;
    changes.site_rep_signature_bytes = siteRepSig?.png.length ?? 0;
    changes.site_rep_signed_at = siteRepSig ? deviceTime(patch.siteRepSignedAt, createdAt, now) : null;
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
      for (const { itemId, version, deviceAt, ...fields } of answers) {
        const before = current.get(itemId);
        const row: AuditAnswerRow = { ...(before ?? blankAnswer(audit.id, itemId)) };
        const values = Object.fromEntries(
          Object.entries(COLUMN_OF).map(([field, column]) => [field, normal(row[column], column)]),
        );
        const merged = await mergeAnswer(
          trx,
          { auditId: audit.id, itemId, values, version: Number(row.version) },
          fields,
          { version, deviceAt, actorId: user.id },
        );
        const diff: Record<string, StoredAnswerChange> = {};
        for (const [field, value] of Object.entries(merged.apply)) {
          const column = COLUMN_OF[field as keyof AnswerPatch];
          if (value === undefined || values[field] === value) continue;
          const replaced = merged.replaced[field];
          diff[field] = { from: values[field], to: value, ...(replaced ? { replaced } : {}) };
          (row as Record<string, unknown>)[column] = value;
        }
        const applied = Object.keys(diff).length > 0;
        for (const [field, supersededBy] of Object.entries(merged.lost)) {
          diff[field] = { from: values[field], to: fields[field as keyof AnswerPatch], supersededBy };
        }
        if (Object.keys(diff).length === 0) continue;
        // Without a version, as before: any other person's answer this change touched.
        const overwrote =
          version === undefined
            ? before?.updated_by && before.updated_by !== user.id
              ? before.updated_by
              : null
            : (Object.values(merged.replaced)[0]?.userId ?? null);
        if (applied) {
          row.updated_by = user.id;
          row.updated_at = now;
          row.version = Number(row.version) + 1;
          await upsertAnswer(trx, row, before !== undefined);
          current.set(itemId, row);
        }
        history.push({
          id: newId(),
          audit_id: audit.id,
          item_id: itemId,
          user_id: user.id,
          user_name: fullName(user),
          changes: JSON.stringify(diff),
          overwrote: applied ? overwrote : null,
          version: Number(row.version),
          device_at: deviceAt ?? null,
          created_at: now,
        });
      }
      // Only answers, and each a replay of a change already recorded (superseded): nothing to write.
      if (history.length === 0 && Object.keys(changes).length === 1 && newKeys.length === 0) throw NOTHING_TO_WRITE;
      await insertHistory(trx, history);
      const score = templateScore(template, (id) => (current.get(id)?.status ?? "") as ItemStatus);
      changes.overall_score = score.score;
      changes.total_items = score.total;
      changes.passed_items = score.compliant;
      changes.failed_items = score.nonCompliant;
      if (!(await updateDraft(trx, audit.id, Number(audit.revision), changes))) {
        throw conflict("This audit was completed or changed meanwhile. Reload it and try again.");
      }
      await recordLiveEvent(
        trx,
        auditEvent(user, changes.status === "completed" ? "audit.completed" : "audit.answered", audit),
      );
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
    if (err === NOTHING_TO_WRITE) return loadAudit(ctx.db, audit);
    throw err;
  }
  await deleteFilesQuietly(ctx, deletedKeys);
  return loadAudit(ctx.db, await requireAudit(ctx, user, audit.id));
}
