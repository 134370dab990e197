// The build's side of the catalogue (apps/web/i18n-catalogues.ts): call sites carry a message's
// number and its English, and a language's chunk answers that number with its own words.
import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import { describe, expect, it } from "vitest";
import { i18nCatalogues, inlineEnglish } from "../../i18n-catalogues";
import { translate } from "./i18n";

type Load = (id: string) => string;
const plugin = i18nCatalogues({ pseudo: false });
const load = (locale: string) => (plugin.load as unknown as Load)(`\0catalogue:${locale}`);
const chunk = (locale: string) => {
  const code = load(locale);
  const messages = JSON.parse(/export default (.*);\n/.exec(code)?.[1] ?? "null") as unknown[];
  const ids = JSON.parse(/export const ids = (.*);\n/.exec(code)?.[1] ?? "null") as Record<string, number>;
  return { code, messages, ids };
};

describe("the catalogue as the build ships it", () => {
  it("rewrites an id chosen by a condition or kept in a table, not only a call's first argument", () => {
    const out = inlineEnglish(
      `t(open ? "shell.openMenu" : "shell.closeMenu"); const ids = ["shell.logout"]; "no.such.id"`,
    );
    expect(out).toMatch(
      /^t\(open \? \[\d+, "Open menu"\] : \[\d+, "Close menu"\]\); const ids = \[\[\d+, "Logout"\]\]; "no\.such\.id"$/,
    );
  });

  it("rewrites t() and msg() of a known id to its number and English, and leaves an unknown id", () => {
    const out = inlineEnglish(`t("shell.logout"); msg( "shell.menu"); t("no.such.id")`);
    const match = /^t\(\[(\d+), "Logout"\]\); msg\( \[(\d+), "Menu"\]\); t\("no\.such\.id"\)$/.exec(out);
    expect(match, out).not.toBeNull();
    expect(match?.[1]).not.toBe(match?.[2]);
  });

  it("carries plain English as a string and a message with a placeholder as its tokens, both read by translate()", () => {
    const plain = JSON.parse(inlineEnglish(`"shell.logout"`)) as [number, string];
    expect(plain[1]).toBe("Logout");
    expect(translate(plain)).toBe("Logout");
    const withValue = JSON.parse(inlineEnglish(`"snagging.list.noneMatch"`)) as [number, unknown];
    expect(Array.isArray(withValue[1])).toBe(true);
    expect(translate(withValue as never, { search: "tap" })).toContain("tap");
  });

  it("answers a call site's number with the language's message, and an id through its number", () => {
    const number = Number(/\[(\d+),/.exec(inlineEnglish(`t("shell.logout")`))?.[1]);
    const pl = chunk("pl");
    expect(pl.messages[number]).toEqual(compileCatalogue(SOURCE_CATALOGUES.pl)["shell.logout"]);
    expect(pl.ids["shell.logout"]).toBe(number);
    expect(pl.messages[number]).not.toEqual(compileCatalogue(SOURCE_CATALOGUES["en-GB"])["shell.logout"]);
  });

  it("keeps the server's own sentences out of the browser and the shared schemas' sentences in", () => {
    const pl = chunk("pl");
    expect(Object.keys(pl.ids).some((id) => id.startsWith("server.") || id.startsWith("mail."))).toBe(false);
    expect(pl.code).toContain(JSON.stringify(SOURCE_CATALOGUES["en-GB"]["validation.emailRequired"]));
    expect(pl.messages).toHaveLength(Object.keys(pl.ids).length);
  });

  it("refuses the pseudo-locale in a production build and an unknown language", () => {
    expect(() => load("en-XA")).toThrow(/pseudo-locale/);
    expect(() => load("xx")).toThrow(/no catalogue/);
  });
});
