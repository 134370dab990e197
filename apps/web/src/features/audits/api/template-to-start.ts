// The template a new audit starts with, fetched when the New Site Audit dialog is submitted: loaded
// then, so the audits list's first load carries neither the template model nor its fetch.
import type { AuditTemplateRef } from "@sitesnag/shared/audit-template-model";
import { STANDARD_TEMPLATE_ID } from "@sitesnag/shared/audit-template-model";
import { templateForAudit } from "./audits-api";

/** The custom template (at its current version) picked, or undefined for the standard one. */
export async function templateToStart(templateId: string | undefined): Promise<AuditTemplateRef | undefined> {
  if (!templateId || templateId === STANDARD_TEMPLATE_ID) return undefined;
  return (await templateForAudit(templateId)) ?? undefined;
}
