// The one place where an English sentence the server already wrote (an AppError's message, a zod
// schema's message, a per-field detail) becomes the reader's language. Services keep writing
// English, the source language; the error handler hands each sentence here on its way out. A
// sentence the catalogue knows — word for word, or with its {placeholders} filled in, as in
// "Password must be at least {min} characters" — is translated; any other stays English.
import { type MessageId, SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import { translate, type Values } from "./translate";

type Pattern = { id: MessageId; regex: RegExp; names: string[] };

const exact = new Map<string, MessageId>();
const patterns: Pattern[] = [];
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Only the server's answers are looked up: the screens' and the email's words never arrive here.
const ANSWERS = /^(server|validation)\./;

for (const [id, message] of Object.entries(SOURCE_CATALOGUES[DEFAULT_LOCALE]) as [MessageId, string][]) {
  if (!ANSWERS.test(id)) continue;
  if (!message.includes("{")) {
    exact.set(message, id);
    continue;
  }
  // Only plain {name} placeholders can be read back out of a sentence; plurals and selects cannot.
  const parts = message.split(/\{(\w+)\}/);
  if (parts.some((part) => part.includes("{") || part.includes("}"))) continue;
  const names = parts.filter((_, index) => index % 2 === 1);
  const regex = new RegExp(`^${parts.map((part, index) => (index % 2 === 1 ? "(.+?)" : escapeRegex(part))).join("")}$`);
  patterns.push({ id, regex, names });
}

/** An English sentence → the same sentence in `locale`, or the English itself if unknown. */
export function localiseSentence(locale: Locale, english: string): string {
  if (locale === DEFAULT_LOCALE) return english;
  const id = exact.get(english);
  if (id) return translate(locale, id);
  for (const pattern of patterns) {
    const match = pattern.regex.exec(english);
    if (!match) continue;
    const values: Values = {};
    pattern.names.forEach((name, index) => {
      const value = match[index + 1] ?? "";
      // A number read back is a number again, so the translation's plural can choose its form.
      values[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return translate(locale, pattern.id, values);
  }
  return english;
}
