// The server's sentences in the reader's language (issue 35, decision 0050), from the catalogue the
// web app reads (shared/i18n/catalogues.ts). Every catalogue is compiled once, at start-up, into one
// Lingui instance per locale; a message without a translation (none in a shipped locale: the
// catalogue test) reads English.
import { type I18n, setupI18n } from "@lingui/core";
import { type MessageId, SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@sitesnag/shared/i18n/locales";

export type Values = Record<string, string | number>;

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [
    locale,
    setupI18n({ locale, messages: { [locale]: compileCatalogue(SOURCE_CATALOGUES[locale]) } }),
  ]),
);

/** One message of the catalogue, formatted for `locale` (ICU plurals and placeholders). */
export function translate(locale: Locale, id: MessageId, values?: Values): string {
  const i18n = instances.get(locale) ?? instances.get(DEFAULT_LOCALE);
  return i18n ? i18n._(id, values) : id;
}

/** A `translate` bound to one reader, for code that writes several sentences (an email). */
export const translatorFor =
  (locale: Locale) =>
  (id: MessageId, values?: Values): string =>
    translate(locale, id, values);

export type Translator = ReturnType<typeof translatorFor>;
