// The languages SiteSnag speaks (issue 35, decision 0050) and how a request or a browser's list of
// languages picks one. English (UK) is the source of every message and the fallback for anything
// unknown: a code we do not ship is never an error, it is English.

export const LOCALES = ["en-GB", "pl", "ro", "lt", "pt-PT", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-GB";

/** Each language named in itself, as the picker shows it (a reader looks for their own word). */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-GB": "English (UK)",
  pl: "Polski",
  ro: "Română",
  lt: "Lietuvių",
  "pt-PT": "Português (Portugal)",
  es: "Español",
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * One language tag → a shipped locale, or undefined. Case-insensitive and by primary language:
 * `pl-PL` is Polish, `pt-BR` and `pt` are Portuguese (Portugal), `en-US` is English (UK).
 */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0];
  return LOCALES.find((locale) => locale.toLowerCase().split("-")[0] === language);
}

/** Any value (a stored column, a body field) → a shipped locale; unknown means English. */
export const toLocale = (value: unknown): Locale =>
  (typeof value === "string" ? matchLocale(value) : undefined) ?? DEFAULT_LOCALE;

/** The first shipped locale in a list of preferences (navigator.languages), else English. */
export const pickLocale = (preferences: readonly string[]): Locale => {
  for (const tag of preferences) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
};

/** An Accept-Language header → a shipped locale, by its q-values (RFC 9110 §12.5.4), else English. */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return pickLocale(ranked.map((entry) => entry.tag));
}
