// The built-in template (SPEC §9) in the definition every template uses (decision 0028), in a module
// of its own so screens that do not show it do not carry its 27 questions.
import { AUDIT_SECTIONS, AUDIT_TEMPLATE, AUDIT_TEMPLATE_VERSION } from "./audit-template";
import { type AuditTemplateRef, STANDARD_TEMPLATE_ID } from "./audit-template-model";

/** The built-in template (SPEC §9) in the definition every template uses. */
export const STANDARD_TEMPLATE: AuditTemplateRef & { description: string } = {
  id: STANDARD_TEMPLATE_ID,
  name: "UK site safety (standard)",
  description: "The built-in 27-item site safety audit (CDM 2015, WAHR, LOLER, COSHH, RIDDOR).",
  version: AUDIT_TEMPLATE_VERSION,
  sections: AUDIT_SECTIONS.map((s) => ({
    id: s.id,
    title: s.title,
    items: AUDIT_TEMPLATE.filter((i) => i.section === s.id).map((i) => ({
      id: i.id,
      question: i.question,
      guidance: "",
      answerSet: "cinna" as const,
      unit: "",
      min: null,
      max: null,
      photoOnNc: false,
      riskOnNc: true,
      weight: 1,
    })),
  })),
};
