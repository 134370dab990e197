// An audit as the server answers it (GET /api/audits/{id}) in the shapes the audit screen shows and
// this device keeps: for reading another member's audit, and for taking a copy to edit here.

import type { AuditDetail, AuditFormData, AuditSummary } from "@sitesnag/shared/audits";
import type { AuditApi } from "@sitesnag/shared/audits-api";

/** The audit form with nothing filled in (a new audit on the server, or a server audit's missing fields). */
export const EMPTY_FORM: AuditFormData = {
  projectType: [],
  projectName: "",
  siteAddress: "",
  principalContractor: "",
  auditorName: "",
  auditorRole: "",
  auditDate: "",
  auditTime: "",
  weather: "",
  shift: "",
  inductionConfirmed: false,
  siteContact: "",
  siteContactTel: "",
};

/**
 * The detail with the server's photo ids as photo ids, and the signatures' image URLs in the
 * signature fields (a copy kept on the device replaces them with the images' data URLs).
 */
export function serverAuditToLocal(audit: AuditApi, userId: string): { summary: AuditSummary; detail: AuditDetail } {
  const detail: AuditDetail = {
    auditId: audit.id,
    userId,
    templateVersion: audit.templateVersion,
    ...(audit.template ? { template: audit.template } : {}),
    notes: audit.notes,
    formData: { ...EMPTY_FORM, ...audit.formData },
    checklist: audit.items.map((i) => ({
      id: i.id,
      section: i.section,
      question: i.question,
      status: i.status,
      notes: i.notes,
      riskSeverity: i.riskSeverity,
      riskLikelihood: i.riskLikelihood,
      actionOwner: i.actionOwner,
      dueDate: i.dueDate,
      ...(i.value !== undefined ? { value: i.value } : {}),
      photos: i.photos.map((p) => p.id),
      snag: null,
    })),
    auditorSignature: audit.auditorSignature?.url ?? "",
    auditorSignedAt: audit.auditorSignature?.signedAt ?? null,
    siteRepName: audit.siteRepName,
    siteRepSignature: audit.siteRepSignature?.url ?? "",
    siteRepSignedAt: audit.siteRepSignature?.signedAt ?? null,
    updatedAt: audit.updatedAt,
  };
  const summary: AuditSummary = {
    id: audit.id,
    userId,
    projectId: audit.projectId,
    projectName: audit.projectName,
    auditDate: audit.auditDate,
    auditorName: audit.auditorName,
    status: audit.status,
    overallScore: audit.overallScore,
    totalItems: audit.totalItems,
    passedItems: audit.passedItems,
    failedItems: audit.failedItems,
    notes: audit.notes,
    templateVersion: audit.templateVersion,
    createdAt: audit.createdAt,
    updatedAt: audit.updatedAt,
  };
  return { summary, detail };
}

/** Photo id → image URL of a server audit, for the checklist's thumbnails. */
export const serverPhotoUrls = (audit: AuditApi): Record<string, string> =>
  Object.fromEntries(audit.items.flatMap((i) => i.photos.map((p) => [p.id, p.thumbnailUrl || p.url])));
