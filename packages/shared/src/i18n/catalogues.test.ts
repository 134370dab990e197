// The catalogue checks CI runs (issue 35): every translation holds exactly the English ids, every
// message is valid ICU, uses the English message's placeholders, and each plural names exactly
// the categories its language has (CLDR, as Intl.PluralRules reports them).
import type { CompiledMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { SOURCE_CATALOGUES } from "./catalogues";
import { compileCatalogue } from "./compile";
import { LOCALES } from "./locales";
import { PSEUDO_LOCALE, pseudoText } from "./pseudo";

type Plural = { argument: string; categories: string[] };
type Token = CompiledMessage[number];
const TYPES = new Set([undefined, "plural", "select", "selectordinal", "number", "date", "time"]);

/**
 * The placeholders a message reads, the plural choices it makes (nested ones included) and what
 * the compiler let through but ICU does not allow: a stray brace, an unknown argument type.
 */
function inspect(
  message: CompiledMessage,
  found = { args: new Set<string>(), plurals: [] as Plural[], faults: [] as string[] },
) {
  for (const token of message as Token[]) {
    if (typeof token === "string") {
      if (/[{}]/.test(token)) found.faults.push(`a stray brace in "${token}"`);
      continue;
    }
    const [name, type, format] = token;
    found.args.add(name);
    if (!TYPES.has(type)) found.faults.push(`an unknown argument type "${type}"`);
    if ((type === "plural" || type === "select" || type === "selectordinal") && format && typeof format === "object") {
      const choices = Object.entries(format).filter(([key]) => key !== "offset");
      if (type === "plural") {
        // `=0` compiles to the key "0": an exact match, not a category.
        found.plurals.push({ argument: name, categories: choices.map(([key]) => key).filter((k) => !/^\d+$/.test(k)) });
      }
      for (const [, choice] of choices) inspect(choice as CompiledMessage, found);
    }
  }
  return found;
}

/** Every problem of one catalogue against the English source, as sentences (empty: none). */
export function catalogueProblems(locale: (typeof LOCALES)[number], source: Record<string, string>): string[] {
  const english = SOURCE_CATALOGUES["en-GB"];
  const problems: string[] = [];
  for (const id of Object.keys(english)) if (!(id in source)) problems.push(`${locale}: missing "${id}"`);
  for (const id of Object.keys(source)) if (!(id in english)) problems.push(`${locale}: extra "${id}"`);
  let compiled: Record<string, CompiledMessage>;
  let englishCompiled: Record<string, CompiledMessage>;
  try {
    compiled = compileCatalogue(source);
    englishCompiled = compileCatalogue(english);
  } catch (error) {
    return [...problems, `${locale}: ${error instanceof Error ? error.message : String(error)}`];
  }
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
  for (const [id, message] of Object.entries(compiled)) {
    if (source[id]?.trim() === "") problems.push(`${locale}: "${id}" is empty`);
    const found = inspect(message);
    for (const fault of found.faults) problems.push(`${locale}: "${id}" is not valid ICU: ${fault}`);
    const expected = englishCompiled[id] ? inspect(englishCompiled[id]).args : new Set<string>();
    for (const arg of found.args)
      if (!expected.has(arg)) problems.push(`${locale}: "${id}" reads {${arg}}, unknown in English`);
    for (const arg of expected) if (!found.args.has(arg)) problems.push(`${locale}: "${id}" drops {${arg}}`);
    for (const plural of found.plurals) {
      const have = plural.categories.slice().sort();
      if (have.join() !== categories.join()) {
        problems.push(
          `${locale}: "${id}" plural {${plural.argument}} has ${have.join("/")}, needs ${categories.join("/")}`,
        );
      }
    }
  }
  return problems;
}

describe("message catalogues", () => {
  it.each(LOCALES)("%s holds every English id, valid ICU and its plural forms", (locale) => {
    expect(catalogueProblems(locale, SOURCE_CATALOGUES[locale])).toEqual([]);
  });

  it("knows the plural categories the languages need (Polish and Lithuanian four, Romanian three)", () => {
    const of = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
    expect(of("pl")).toEqual(["few", "many", "one", "other"]);
    expect(of("lt")).toEqual(["few", "many", "one", "other"]);
    expect(of("ro")).toEqual(["few", "one", "other"]);
  });

  it("finds a missing key, an extra key, broken ICU and wrong plural forms", () => {
    const english = SOURCE_CATALOGUES["en-GB"];
    const { "shell.logout": _dropped, ...missing } = SOURCE_CATALOGUES.pl;
    expect(catalogueProblems("pl", missing)).toEqual(['pl: missing "shell.logout"']);
    expect(catalogueProblems("pl", { ...SOURCE_CATALOGUES.pl, "shell.extra": "Dodatkowy" })).toEqual([
      'pl: extra "shell.extra"',
    ]);
    for (const broken of ["Wyloguj {", "Wyloguj {n, plural, one {x}", "Wyloguj {n, plurl, one {x} other {y}}"]) {
      expect(catalogueProblems("pl", { ...SOURCE_CATALOGUES.pl, "shell.logout": broken }).join()).toMatch(
        /"shell\.logout" is not valid ICU/,
      );
    }
    // English's one/other is not enough for Polish.
    expect(
      catalogueProblems("pl", { ...SOURCE_CATALOGUES.pl, "shell.notifications": english["shell.notifications"] }),
    ).toEqual(['pl: "shell.notifications" plural {count} has one/other, needs few/many/one/other']);
    expect(
      catalogueProblems("ro", {
        ...SOURCE_CATALOGUES.ro,
        "profile.subtitle": "Contul tău. Echipa este pe pagina {echipa}.",
      }),
    ).toEqual(['ro: "profile.subtitle" reads {echipa}, unknown in English', 'ro: "profile.subtitle" drops {team}']);
  });

  it("makes a pseudo-locale from English: accented, ~40 % longer, placeholders kept", () => {
    expect(PSEUDO_LOCALE).toBe("en-XA");
    const pseudo = compileCatalogue(SOURCE_CATALOGUES["en-GB"], pseudoText);
    expect(pseudo["shell.logout"]).toEqual(["[Ĺöĝöúţ~~~]"]);
    expect(JSON.stringify(pseudo["profile.subtitle"])).toContain('["team"]');
    const text = pseudoText("Account Information");
    expect(text.length).toBeGreaterThanOrEqual(Math.round("Account Information".length * 1.4));
  });
});

describe("the catalogue's areas", () => {
  it("catalogues.ts imports exactly the area folders under messages/ (scripts/i18n-areas.mjs)", async () => {
    const { execFileSync } = await import("node:child_process");
    const script = new URL("../../../../scripts/i18n-areas.mjs", import.meta.url).pathname;
    expect(() => execFileSync(process.execPath, [script, "--check"], { stdio: "pipe" })).not.toThrow();
  });
});
