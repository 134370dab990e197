// The standard template's words in every language (issue 35): each section and question of the
// built-in template (audit-template.ts) has a catalogue id in the `auditTemplate` area. An audit keeps
// the English it was started with, so a question is shown translated only when its stored English is
// the current standard wording: an audit answered against older wording keeps that wording rather
// than being re-labelled (audit-template.ts). Custom templates stay as their authors wrote them.
import { AUDIT_SECTIONS, AUDIT_TEMPLATE } from "./audit-template";

const QUESTIONS = new Map(AUDIT_TEMPLATE.map((i) => [i.id, i.question]));
const SECTIONS = new Map<string, string>(AUDIT_SECTIONS.map((s) => [s.id, s.title]));

/** The catalogue id of a standard question whose English is `question`, or undefined. */
export function standardQuestionId(itemId: string, question: string): `auditTemplate.q.${string}` | undefined {
  return QUESTIONS.get(itemId) === question ? `auditTemplate.q.${itemId}` : undefined;
}

/** The catalogue id of a standard section whose English title is `title` (or any, when omitted). */
export function standardSectionId(sectionId: string, title?: string): `auditTemplate.section.${string}` | undefined {
  const english = SECTIONS.get(sectionId);
  return english !== undefined && (title === undefined || title === english)
    ? `auditTemplate.section.${sectionId}`
    : undefined;
}
