// The save's upload sentence writes its sizes and share through Intl for the language (issue 35):
// the catalogue holds no unit of its own, so "MB" and the decimal comma come from the locale.
import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { LOCALES } from "@sitesnag/shared/i18n/locales";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../../i18n/test-translator";
import { uploadProgressText } from "./upload-progress-text";

const MB = 1024 * 1024;
const progress = { loaded: 1.5 * MB, total: 3 * MB };

describe("uploadProgressText", () => {
  it("writes both sizes with their unit and the share as each language writes them", () => {
    const say = (locale: (typeof LOCALES)[number]) => uploadProgressText(testTranslator(locale), locale, progress);
    expect(say("en-GB")).toBe("Uploading 1.5 MB of 3.0 MB (50%)");
    expect(say("pl")).toBe("Wysłano 1,5 MB z 3,0 MB (50%)");
    expect(say("es")).toBe(
      `Subiendo 1,5 MB de 3,0 MB (${new Intl.NumberFormat("es", { style: "percent" }).format(0.5)})`,
    );
    for (const locale of LOCALES.filter((l) => l !== "en-GB")) {
      const size = (n: number) =>
        new Intl.NumberFormat(locale, {
          style: "unit",
          unit: "megabyte",
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(n);
      expect(say(locale), locale).toContain(size(1.5));
      expect(say(locale), locale).toContain(size(3));
    }
  });

  it("leaves units to Intl: no language's catalogue message spells one", () => {
    for (const locale of LOCALES) {
      expect(SOURCE_CATALOGUES[locale]["snagging.upload.progress"], locale).not.toMatch(/\b[KMG]B\b|%/);
    }
  });

  it("reads 0 % before anything is known and never more than 100 %", () => {
    const t = testTranslator("en-GB");
    expect(uploadProgressText(t, "en-GB", { loaded: 0, total: 0 })).toBe("Uploading 0.0 MB of 0.0 MB (0%)");
    expect(uploadProgressText(t, "en-GB", { loaded: 2 * MB, total: MB })).toBe("Uploading 2.0 MB of 1.0 MB (100%)");
  });
});
