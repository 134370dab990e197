// Formats one message in Lingui's compiled form (token arrays: text, [name], [name, "plural" |
// "select", choices]) — what @lingui/message-utils makes of the ICU sources at build time. The
// web app carries this instead of @lingui/core's runtime (2.1 KiB gzip against a first load with
// 22 bytes to spare; decision 0050); format.test.ts checks it answers what @lingui/core answers for
// every message of every catalogue.
export type Compiled = readonly (string | readonly [string, string?, unknown?])[];
export type Values = Record<string, string | number>;

import { formatNumberFor } from "../lib/format";
import { pluralCategory } from "./plural";

export function formatMessage(tokens: Compiled, values: Values, locale: string, count?: number): string {
  let out = "";
  for (const token of tokens) {
    if (typeof token === "string") {
      // `#` inside a plural's branch is its number, in the locale's digits.
      out += token === "#" && count !== undefined ? formatNumberFor(locale, count) : token;
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
      out += type === "number" ? formatNumberFor(locale, Number(value)) : String(value);
    }
  }
  return out;
}
