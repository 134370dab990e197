// For unit tests of code that takes a `t` (a pure builder, a label function): the real catalogue's
// message for an id in `locale`, formatted as the app formats it. Reads every catalogue: tests only.
import { type MessageId, SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { type Compiled, formatMessage, type Values } from "./format";
import type { Message } from "./i18n";
import type { Translate } from "./use-t";

export function testTranslator(locale: Locale): Translate {
  const compiled = compileCatalogue(SOURCE_CATALOGUES[locale]);
  return (message: Message, values: Values = {}) => {
    const id = (typeof message === "string" ? message : message[0]) as MessageId;
    const tokens = compiled[id];
    if (tokens === undefined) throw new Error(`no message ${String(id)}`);
    return typeof tokens === "string" ? tokens : formatMessage(tokens as Compiled, values, locale);
  };
}
