// The standard template's words in the PDF's language (issue 35): an audit started from the standard
// template shows its sections and questions from the catalogue (`auditTemplate.*`) for the locale the
// PDF is made in, where the audit holds the current standard wording; a custom template's items, and
// older wording, stay as written.
import { standardQuestionId, standardSectionId } from "@sitesnag/shared/audit-template-i18n";
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { translate } from "../i18n/translate";

type Item = { id: string; section: string; sectionTitle: string; question: string };

/** The item's question and section title for a reader of `locale`. */
export function templateText(
  locale: Locale,
  item: Item,
  isStandard: boolean,
): { question: string; sectionTitle: string } {
  if (!isStandard || locale === "en-GB") return { question: item.question, sectionTitle: item.sectionTitle };
  const q = standardQuestionId(item.id, item.question);
  const s = standardSectionId(item.section, item.sectionTitle);
  return {
    question: q ? translate(locale, q as MessageId) : item.question,
    sectionTitle: s ? translate(locale, s as MessageId) : item.sectionTitle,
  };
}
