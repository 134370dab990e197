// The CLDR cardinal plural rules of the shipped languages for whole numbers, written out: the first
// Intl.PluralRules (or NumberFormat) of a page load sets up ICU's locale data, ~45 ms on a mid-range
// phone in the middle of the first screen's render (dashboard trace, issue 33). Fractions and any
// other language go to Intl. plural.test.ts checks every rule against Intl.PluralRules.

type Category = Intl.LDMLPluralRule;

const between = (n: number, low: number, high: number) => n >= low && n <= high;
// pt-PT and es: "many" for whole millions (1 000 000, 2 000 000…).
const millions = (i: number) => i !== 0 && i % 1_000_000 === 0;

const RULES: Record<string, (i: number) => Category> = {
  en: (i) => (i === 1 ? "one" : "other"),
  pl: (i) => {
    if (i === 1) return "one";
    if (between(i % 10, 2, 4) && !between(i % 100, 12, 14)) return "few";
    return "many";
  },
  ro: (i) => {
    if (i === 1) return "one";
    if (i === 0 || between(i % 100, 1, 19)) return "few";
    return "other";
  },
  lt: (i) => {
    if (between(i % 100, 11, 19)) return "other";
    if (i % 10 === 1) return "one";
    if (between(i % 10, 2, 9)) return "few";
    return "other";
  },
  pt: (i) => (i === 1 ? "one" : millions(i) ? "many" : "other"),
  es: (i) => (i === 1 ? "one" : millions(i) ? "many" : "other"),
};

const intl = new Map<string, Intl.PluralRules>();

/** The plural category of `n` in `locale` ("few" for 3 in Polish). */
export function pluralCategory(locale: string, n: number): Category {
  const rule = RULES[locale.split("-")[0] ?? ""];
  if (rule && Number.isSafeInteger(n) && n >= 0) return rule(n);
  let rules = intl.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    intl.set(locale, rules);
  }
  return rules.select(n);
}
