// The app's language at run time (issue 35, decision 0050). English, the source, costs the first
// load no catalogue: the build writes each message's compiled English beside its id at the call
// site (i18n-catalogues.ts), so `t("shell.logout")` ships as `t([57, "Logout"])`, 57 being the
// message's number in this build. Another language is one lazy chunk (a hashed file the service worker precaches), fetched once
// per page. Switching re-renders every `useT` reader at once, without a reload, and sets
// <html lang>. A catalogue that cannot be fetched (offline before the service worker kept it)
// leaves the app in English with a notice, never a blank screen.
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import type { SentenceMatcher } from "@sitesnag/shared/i18n/sentences";
import { type Compiled, formatMessage, type Values } from "./format";

export type { MessageId, Values };
/**
 * An id as the source writes it, or as the build rewrites it: the message's number with its English
 * (plain text as a string, a message with placeholders or plurals as its tokens).
 */
export type Message = MessageId | readonly [MessageId | number, Compiled | string];
/** The locales the app can show: the shipped ones, and the pseudo-locale where it is built in. */
export type AppLocale = Locale | "en-XA";
/** A language's messages by number, and the numbers by id (for a message the build did not inline). */
type Catalogue = { messages: readonly (Compiled | null)[]; ids: Readonly<Record<string, number>> };

type CatalogueModule = {
  default: Catalogue["messages"];
  ids: Catalogue["ids"];
  match: SentenceMatcher;
};

const LOADERS: Record<Exclude<AppLocale, "en-GB">, () => Promise<CatalogueModule>> = {
  pl: () => import("virtual:catalogue/pl"),
  ro: () => import("virtual:catalogue/ro"),
  lt: () => import("virtual:catalogue/lt"),
  "pt-PT": () => import("virtual:catalogue/pt-PT"),
  es: () => import("virtual:catalogue/es"),
  "en-XA": () =>
    import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LOCALE === "1"
      ? import("virtual:catalogue/en-XA")
      : Promise.reject(new Error("no pseudo-locale in this build")),
};

const catalogues: Partial<Record<AppLocale, Catalogue>> = { "en-GB": { messages: [], ids: {} } };
const matchers: Partial<Record<AppLocale, SentenceMatcher>> = {};
let active: AppLocale = "en-GB";
let wanted: AppLocale = "en-GB";
const listeners = new Set<() => void>();
const failures = new Set<(locale: AppLocale) => void>();

export const currentLocale = (): AppLocale => active;
export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** Calls `listener` when a chosen language could not be loaded (the app stays in English). */
export function onCatalogueFailure(listener: (locale: AppLocale) => void): () => void {
  failures.add(listener);
  return () => failures.delete(listener);
}

/** A message in the app's language; a message the catalogue lacks reads English, never its id. */
export function translate(message: Message, values: Values = {}): string {
  const [key, english] = typeof message === "string" ? [message, undefined] : message;
  const catalogue = catalogues[active];
  const index = typeof key === "number" ? key : catalogue?.ids[key];
  const tokens = (index === undefined ? undefined : catalogue?.messages[index]) ?? english;
  if (typeof tokens === "string") return tokens;
  return tokens ? formatMessage(tokens, values, active) : String(key);
}

/**
 * An English sentence of the shared schemas (a zod message the browser wrote while checking a
 * form) in the app's language; any other sentence, and every sentence in English, stays as it is.
 */
export function translateSentence(english: string): string {
  const found = matchers[active]?.(english);
  return found ? translate(found.id as MessageId, found.values) : english;
}

function show(locale: AppLocale): void {
  active = locale;
  if (typeof document !== "undefined") document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Shows the app in `locale`, loading its catalogue first if this page has not yet. */
export async function activateLocale(locale: AppLocale): Promise<void> {
  wanted = locale;
  if (locale === "en-GB" || catalogues[locale]) return show(locale);
  try {
    const loaded = await LOADERS[locale]();
    catalogues[locale] = { messages: loaded.default, ids: loaded.ids };
    matchers[locale] = loaded.match;
    // A later choice made while this one loaded wins.
    if (wanted === locale) show(locale);
  } catch {
    if (wanted !== locale) return;
    show("en-GB");
    for (const listener of failures) listener(locale);
  }
}
