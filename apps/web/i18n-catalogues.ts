// The message catalogues as the web app ships them (issue 35, decision 0050), compiled at build time
// by Lingui's compiler into token arrays, so the browser never parses ICU (src/i18n/format.ts):
// - English, the source, goes to the call sites: in a module that reads src/i18n/, every literal
//   catalogue id (`t("id")`, `msg("id")`, `t(c ? "a" : "b")`) becomes `[n, <English>]` (n: the message's number in this build;
//   <English> the plain text itself, or its token array when it has placeholders or plurals), so English
//   needs no catalogue in the first load and each screen carries its own words;
// - each other language is `virtual:catalogue/<locale>`, a lazy chunk of its own (a hashed file the
//   service worker precaches), without the server's own words (`server.*`, `mail.*`, `pdf.*`, `history.*`, `validation.field.*`);
// - each such chunk also matches the English sentences of the shared zod schemas (`validation.*`),
//   which the browser writes when it checks a form itself, back to their ids (`sentence()`);
// - `en-XA`, the pseudo-locale, exists in development and in builds made with VITE_PSEUDO_LOCALE=1,
//   never in a production build.
import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import { isLocale } from "@sitesnag/shared/i18n/locales";
import { PSEUDO_LOCALE, pseudoText } from "@sitesnag/shared/i18n/pseudo";
import type { Plugin } from "vite";

const PREFIX = "virtual:catalogue/";
const RESOLVED = "\0catalogue:";
const SERVER_ONLY = /^(server|mail|pdf|history|validation\.field)\./;
const SENTENCE = /^validation\./;

function webMessages(source: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([id]) => !SERVER_ONLY.test(id)));
}

const webSource = webMessages(SOURCE_CATALOGUES["en-GB"]);
const english = compileCatalogue(webSource);
/**
 * Each message's number in this build: the call sites carry it instead of the id (`t([12, …])`
 * is ~20 bytes shorter than `t(["snagging.form.title", …])` in every first load) and a language's
 * chunk is an array in the same order. Ids sorted, so a build numbers them the same every time.
 */
const INDEX = new Map(
  Object.keys(webSource)
    .sort()
    .map((id, index) => [id, index]),
);
// Every string literal that is a catalogue id, wherever it stands in a module that reads the
// catalogue: `t("id")`, `msg("id")`, and also `t(done ? "a.done" : "a.todo")` or a table of ids,
// which a rewrite of `t("…"` alone would leave as bare ids — shown as such in English, which has
// no catalogue at run time.
const LITERAL = /"([\w-]+(?:\.[\w-]+)+)"/g;

/**
 * A message's English as the call site carries it: plain text (most messages) as the string itself,
 * `[n, "Logout"]` rather than `[n, ["Logout"]]` (two bytes less at every such call site of a first
 * load; translate() takes either), anything with a placeholder or a plural as its token array.
 */
function inlineForm(compiled: unknown): string {
  const plain = Array.isArray(compiled) && compiled.length === 1 && typeof compiled[0] === "string";
  return JSON.stringify(plain ? compiled[0] : compiled);
}

/** Each known id's literal → `[n, English]` (an unknown one stays: tsc flags it where it is an id). */
export function inlineEnglish(code: string): string {
  return code.replace(LITERAL, (literal, id: string) =>
    english[id] ? `[${INDEX.get(id)}, ${inlineForm(english[id])}]` : literal,
  );
}

/** A language's chunk: its messages by number, the numbers by id (for a message the build did not inline). */
function catalogueModule(compiled: Record<string, unknown>): string {
  const byNumber = [...INDEX.keys()].map((id) => compiled[id] ?? null);
  // The shared schemas' sentences (validation.*) the browser writes itself, as [id, English]
  // pairs, read back by `sentence()` (src/i18n/use-t.ts): only a translated language pays for them.
  const sentences = Object.entries(webSource).filter(([id]) => SENTENCE.test(id));
  return [
    `import { sentenceMatcher } from "@sitesnag/shared/i18n/sentences";`,
    `export default ${JSON.stringify(byNumber)};`,
    `export const ids = ${JSON.stringify(Object.fromEntries(INDEX))};`,
    `export const match = sentenceMatcher(${JSON.stringify(sentences)});`,
  ].join("\n");
}

export function i18nCatalogues(options: { pseudo: boolean }): Plugin {
  return {
    name: "sitesnag-i18n-catalogues",
    enforce: "pre",
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes("/src/i18n/") || !/from "(\.\.?\/)+i18n\/use-t"/.test(code)) {
        return null;
      }
      return { code: inlineEnglish(code), map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const locale = id.slice(RESOLVED.length);
      if (locale === PSEUDO_LOCALE) {
        if (!options.pseudo) throw new Error("i18n: the pseudo-locale is not built into production");
        return catalogueModule(compileCatalogue(webSource, pseudoText));
      }
      if (isLocale(locale)) return catalogueModule(compileCatalogue(webMessages(SOURCE_CATALOGUES[locale])));
      throw new Error(`i18n: no catalogue for "${locale}"`);
    },
  };
}
