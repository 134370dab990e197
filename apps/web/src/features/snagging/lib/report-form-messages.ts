// The snag form's rules (report-form-rules.ts) speak SPEC §5's English, word for word and unit-
// tested; the form shows each of their messages in the reader's language. A message the table does
// not know (none today) is read as a shared schema's sentence, else shown as it is.
import type { Message } from "../../../i18n/i18n";
import { msg, sentence, type Translate } from "../../../i18n/use-t";
import { MESSAGES, type ReportFormErrors } from "./report-form-rules";

const FIXED: Record<string, Message> = {
  [MESSAGES.project]: msg("snagging.check.project"),
  [MESSAGES.reference]: msg("snagging.check.reference"),
  [MESSAGES.priority]: msg("snagging.check.priority"),
  [MESSAGES.dueDate]: msg("snagging.check.dueDate"),
  [MESSAGES.photoRequired]: msg("snagging.check.photoRequired"),
  [MESSAGES.photosBusy]: msg("snagging.check.photosBusy"),
};

/** One rule's message in the app's language; `photoCount` is the count the photo messages name. */
export function translateFormMessage(t: Translate, english: string, photoCount: number): string {
  const fixed = FIXED[english];
  if (fixed) return t(fixed);
  if (english === MESSAGES.photoLocations(photoCount)) return t("snagging.check.photoLocations", { count: photoCount });
  if (english === MESSAGES.photoDescriptions(photoCount))
    return t("snagging.check.photoDescriptions", { count: photoCount });
  return sentence(english);
}

export function translateFormErrors(t: Translate, errors: ReportFormErrors, photoCount: number): ReportFormErrors {
  const out: ReportFormErrors = {};
  for (const [field, english] of Object.entries(errors) as [keyof ReportFormErrors, string][])
    out[field] = translateFormMessage(t, english, photoCount);
  return out;
}
