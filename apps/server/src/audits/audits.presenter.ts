import { riskScore } from "@sitesnag/shared/audit-scoring";
import { type AuditTemplateRef, templateItems } from "@sitesnag/shared/audit-templates";
import type { AuditFormData } from "@sitesnag/shared/audits";
import type { AnswerHistoryEntry, AuditApi, AuditItem, AuditSummaryApi, Signature } from "@sitesnag/shared/audits-api";
import type { Selectable } from "kysely";
import type { AuditAnswerHistoryTable, AuditAnswerRow, AuditPhotoRow } from "../db/schema";
import { attachmentUrl } from "../snagging/snagging.presenter";
import type { AuditListRow } from "./audits.repository";

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function presentAuditSummary(row: AuditListRow): AuditSummaryApi {
  return {
    id: row.id,
    clientId: row.client_id,
    projectId: row.project_id,
    projectName: row.project_name,
    auditorId: row.auditor_id,
    auditorName: row.auditor_name,
    status: row.status,
    revision: Number(row.revision),
    templateId: row.template_id,
    templateVersion: row.template_version,
    auditDate: Number(row.audit_date),
    overallScore: Number(row.overall_score),
    totalItems: Number(row.total_items),
    passedItems: Number(row.passed_items),
    failedItems: Number(row.failed_items),
    notes: row.notes,
    completedAt: num(row.completed_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/** The checklist: every item of the audit's template in order, with its answer (or none yet) and photos. */
export function presentItems(
  template: AuditTemplateRef,
  answers: readonly AuditAnswerRow[],
  photos: readonly AuditPhotoRow[],
): AuditItem[] {
  const byItem = new Map(answers.map((a) => [a.item_id, a]));
  return templateItems(template).map((t) => {
    const a = byItem.get(t.id);
    const severity = a ? num(a.risk_severity) : null;
    const likelihood = a ? num(a.risk_likelihood) : null;
    return {
      id: t.id,
      section: t.sectionId,
      sectionTitle: t.sectionTitle,
      question: t.question,
      status: a?.status ?? "",
      value: a?.value ?? "",
      notes: a?.notes ?? "",
      riskSeverity: severity,
      riskLikelihood: likelihood,
      riskScore: riskScore(severity, likelihood),
      actionOwner: a?.action_owner ?? "",
      dueDate: a ? num(a.due_date) : null,
      photos: photos
        .filter((p) => p.item_id === t.id)
        .map((p) => ({
          id: p.id,
          url: attachmentUrl(p.storage_key),
          thumbnailUrl: attachmentUrl(p.thumbnail_key),
          sha256: p.sha256,
          width: num(p.width),
          height: num(p.height),
        })),
      updatedAt: a ? Number(a.updated_at) : null,
      updatedBy: a?.updated_by ?? null,
      version: a ? Number(a.version) : 0,
    };
  });
}

const signature = (key: string | null, name: string | null, at: number | string | null): Signature | null =>
  key && at !== null ? { url: attachmentUrl(key), signerName: name ?? "", signedAt: Number(at) } : null;

export function presentAudit(
  row: AuditListRow,
  template: AuditTemplateRef,
  items: AuditItem[],
  revisions: readonly { revision: number | string; completed_at: number | string }[],
): AuditApi {
  return {
    ...presentAuditSummary(row),
    formData: JSON.parse(row.form_data) as Partial<AuditFormData>,
    items,
    auditorSignature: signature(row.auditor_signature_key, row.auditor_signer_name, row.auditor_signed_at),
    siteRepName: row.site_rep_name,
    siteRepSignature: signature(row.site_rep_signature_key, row.site_rep_name, row.site_rep_signed_at),
    // The reference's own fields only: a template row passed in (a new audit's) carries more.
    template: { id: template.id, name: template.name, version: template.version, sections: template.sections },
    revisions: revisions.map((r) => ({ revision: Number(r.revision), completedAt: Number(r.completed_at) })),
  };
}

export function presentHistory(row: Selectable<AuditAnswerHistoryTable>): AnswerHistoryEntry {
  return {
    itemId: row.item_id,
    userId: row.user_id,
    userName: row.user_name,
    changes: JSON.parse(row.changes) as AnswerHistoryEntry["changes"],
    overwrote: row.overwrote,
    deviceAt: row.device_at === null ? null : Number(row.device_at),
    at: Number(row.created_at),
  };
}
