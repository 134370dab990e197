// The message catalogues as the web app ships them (issue 35, decision 0050), compiled at build time
// by Lingui's compiler into token arrays, so the browser never parses ICU (src/i18n/format.ts):
// - English, the source, goes to the call sites: in a module that reads src/i18n/, `t("id")` and
//   `msg("id")` become `t(["id", <English>])`, so English needs no catalogue in the first load and
//   each screen carries its own words, as before translation;
// - each other language is `virtual:catalogue/<locale>`, a lazy chunk of its own (a hashed file the
//   service worker precaches), without the server's own words (`server.*`, `mail.*`, `pdf.*`, `validation.field.*`);
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
const SERVER_ONLY = /^(server|mail|pdf|validation\.field)\./;
const SENTENCE = /^validation\./;

function webMessages(source: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter(([id]) => !SERVER_ONLY.test(id)));
}

const english = compileCatalogue(webMessages(SOURCE_CATALOGUES["en-GB"]));
const CALL = /\b(t|msg)\(\s*"([\w.-]+)"/g;

/** `t("id"` → `t(["id", English]` for every id the catalogue has (an unknown one stays: tsc flags it). */
export function inlineEnglish(code: string): string {
  return code.replace(CALL, (call, fn: string, id: string) =>
    english[id] ? `${fn}([${JSON.stringify(id)}, ${JSON.stringify(english[id])}]` : call,
  );
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
      let compiled: Record<string, unknown>;
      if (locale === PSEUDO_LOCALE) {
        if (!options.pseudo) throw new Error("i18n: the pseudo-locale is not built into production");
        compiled = compileCatalogue(webMessages(SOURCE_CATALOGUES["en-GB"]), pseudoText);
      } else if (isLocale(locale)) {
        compiled = compileCatalogue(webMessages(SOURCE_CATALOGUES[locale]));
      } else {
        throw new Error(`i18n: no catalogue for "${locale}"`);
      }
      // The shared schemas' sentences (validation.*) the browser writes itself, as [id, English]
      // pairs, read back by `sentence()` (src/i18n/use-t.ts): only a translated language pays for them.
      const sentences = Object.entries(SOURCE_CATALOGUES["en-GB"]).filter(
        ([key]) => SENTENCE.test(key) && !SERVER_ONLY.test(key),
      );
      return [
        `import { sentenceMatcher } from "@sitesnag/shared/i18n/sentences";`,
        `export default ${JSON.stringify(compiled)};`,
        `export const match = sentenceMatcher(${JSON.stringify(sentences)});`,
      ].join("\n");
    },
  };
}
