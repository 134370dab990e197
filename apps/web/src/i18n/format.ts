// Formats one message in Lingui's compiled form (token arrays: text, [name], [name, "plural" |
// "select", choices]) — what @lingui/message-utils makes of the ICU sources at build time. The
// web app carries this instead of @lingui/core's runtime (2.1 KiB gzip against a first load with
// 22 bytes to spare; decision 0050); format.test.ts checks it answers what @lingui/core answers for
// every message of every catalogue.
export type Compiled = readonly (string | readonly [string, string?, unknown?])[];
export type Values = Record<string, string | number>;

const plurals = new Map<string, Intl.PluralRules>();
/**
 * English whole numbers without Intl: the first Intl.PluralRules (or NumberFormat) of a page load
 * sets up ICU's locale data, ~45 ms on a mid-range phone in the middle of the first screen's render
 * (dashboard trace, issue 33). Other languages' rules, and fractions, from Intl.
 */
export function pluralCategory(locale: string, n: number): Intl.LDMLPluralRule {
  if (locale.startsWith("en") && Number.isSafeInteger(n) && n >= 0) return n === 1 ? "one" : "other";
  const rules = plurals.get(locale) ?? new Intl.PluralRules(locale);
  plurals.set(locale, rules);
  return rules.select(n);
}
/** A number in the locale's digits ("1 234" in Polish); below 1,000 a whole number is plain digits in every shipped language. */
export const formatNumber = (locale: string, n: number) =>
  Number.isInteger(n) && n >= 0 && n < 1000 ? String(n) : new Intl.NumberFormat(locale).format(n);

export function formatMessage(tokens: Compiled, values: Values, locale: string, count?: number): string {
  let out = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      // `#` inside a plural's branch is its number, in the locale's digits.
      out += token === "#" && count !== undefined ? formatNumber(locale, count) : token;
      continue;
    }
    const [name, type, format] = token;
    const value = values[name];
    const choices = (format ?? {}) as Record<string, Compiled> & { offset?: number };
    if (type === "plural") {
      const n = Number(value) - (choices.offset ?? 0);
      const branch = choices[String(value)] ?? choices[pluralCategory(locale, n)] ?? choices.other;
      out += branch ? formatMessage(branch, values, locale, n) : "";
    } else if (type === "select") {
      const branch = choices[String(value)] ?? choices.other;
      out += branch ? formatMessage(branch, values, locale, count) : "";
    } else if (value !== undefined) {
      out += type === "number" ? formatNumber(locale, Number(value)) : String(value);
    }
  }
  return out;
}
