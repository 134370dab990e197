// The web app's formatter answers what Lingui's own runtime answers, for every message of every
// catalogue and the numbers that pick each plural form (Polish 1, 2, 5, 22, 1.5...).
import { setupI18n } from "@lingui/core";
import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import { LOCALES } from "@sitesnag/shared/i18n/locales";
import { describe, expect, it } from "vitest";
import { type Compiled, formatMessage, pluralCategory } from "./format";

const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 1.5, 1000000];

describe("formatMessage", () => {
  it.each(LOCALES)("agrees with @lingui/core on every %s message", (locale) => {
    const compiled = compileCatalogue(SOURCE_CATALOGUES[locale]);
    const lingui = setupI18n({ locale, messages: { [locale]: compiled } });
    for (const [id, tokens] of Object.entries(compiled)) {
      for (const count of COUNTS) {
        const values = { count, min: count, team: "Team", name: "Jan", email: "jan@example.com", product: "SiteSnag" };
        expect(formatMessage(tokens as Compiled, values, locale), `${locale} ${id} ${count}`).toBe(
          lingui._(id, values),
        );
      }
    }
  });

  it("chooses Polish's four forms and Romanian's three", () => {
    const pl = compileCatalogue(SOURCE_CATALOGUES.pl)["validation.passwordMin"] as Compiled;
    const say = (n: number) => formatMessage(pl, { min: n }, "pl");
    expect([1, 2, 5, 22, 1.5].map(say)).toEqual([
      "Hasło musi mieć co najmniej 1 znak",
      "Hasło musi mieć co najmniej 2 znaki",
      "Hasło musi mieć co najmniej 5 znaków",
      "Hasło musi mieć co najmniej 22 znaki",
      "Hasło musi mieć co najmniej 1,5 znaku",
    ]);
    const ro = compileCatalogue(SOURCE_CATALOGUES.ro)["shell.notifications"] as Compiled;
    expect([0, 1, 2, 20].map((n) => formatMessage(ro, { count: n }, "ro"))).toEqual([
      "Notificări, niciuna necitită",
      "Notificări, 1 necitită",
      "Notificări, 2 necitite",
      "Notificări, 20 de necitite",
    ]);
  });
});

describe("pluralCategory", () => {
  it.each([...LOCALES, "en-XA"])("answers as Intl.PluralRules does in %s, the English shortcut included", (locale) => {
    const rules = new Intl.PluralRules(locale);
    for (const n of [...Array.from({ length: 1201 }, (_, i) => i), 10_001, 1_000_000, 2_000_000, 1.5, 0.1, -1])
      expect(`${n}: ${pluralCategory(locale, n)}`).toBe(`${n}: ${rules.select(n)}`);
  });
});
