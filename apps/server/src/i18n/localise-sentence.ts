// The one place where an English sentence the server already wrote (an AppError's message, a zod
// schema's message, a per-field detail) becomes the reader's language. Services keep writing
// English, the source language; the error handler hands each sentence here on its way out. A
// sentence the catalogue knows — word for word, or with its {placeholders} filled in, as in
// "Password must be at least {min} characters" — is translated; any other stays English. The
// field a pattern names ("{field} must be at most {max} characters") is translated too when the
// catalogue has its name (`validation.field.*`), else it stays as the schema wrote it.
import { type MessageId, SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import { sentenceMatcher } from "@sitesnag/shared/i18n/sentences";
import { splitLineProblem } from "@sitesnag/shared/location-import";
import { translate } from "./translate";

// Only the server's answers are looked up: the screens' and the email's words never arrive here.
const ANSWERS = /^(server|validation)\./;
const FIELD = /^validation\.field\./;

const english = Object.entries(SOURCE_CATALOGUES[DEFAULT_LOCALE]);
const match = sentenceMatcher(english.filter(([id]) => ANSWERS.test(id) && !FIELD.test(id)));
const fields = new Map(english.filter(([id]) => FIELD.test(id)).map(([id, name]) => [name, id as MessageId]));

/** An English sentence → the same sentence in `locale`, or the English itself if unknown. */
export function localiseSentence(locale: Locale, english: string): string {
  if (locale === DEFAULT_LOCALE) return english;
  const found = match(english);
  if (!found) return localiseLineProblem(locale, english);
  const field = typeof found.values.field === "string" ? fields.get(found.values.field) : undefined;
  const values = field ? { ...found.values, field: translate(locale, field) } : found.values;
  return translate(locale, found.id as MessageId, values);
}

/**
 * The location import's bad line, "Line 3: Location name must be at most 120 characters": a field
 * check of the schema behind "Line 3: ", translated when the check is in the catalogue.
 */
function localiseLineProblem(locale: Locale, english: string): string {
  const split = splitLineProblem(english);
  if (!split) return english;
  const problem = localiseSentence(locale, split.problem);
  return problem === split.problem
    ? english
    : translate(locale, "locations.bulk.badLine", { line: split.line, problem });
}
