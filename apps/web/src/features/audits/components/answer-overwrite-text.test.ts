import type { AuditOverwrite } from "@sitesnag/shared/audit-overwrites";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../../i18n/test-translator";
import { overwriteSentence } from "./answer-overwrite-text";

const NOW = new Date(2026, 10, 24, 15, 0);
const at = (h: number, m: number, day = 24) => new Date(2026, 10, day, h, m).getTime() / 1000;
const overwrite = (over: Partial<AuditOverwrite>): AuditOverwrite => ({
  entryId: "e1",
  itemId: "i1",
  version: 3,
  field: "status",
  label: "Status",
  restore: { status: "C" },
  theirs: { status: "NC" },
  yourText: "Compliant",
  theirText: "Non-compliant",
  byName: "Sam Builder",
  at: at(14, 2),
  ...over,
});

describe("the answer-overwrite notice's sentence", () => {
  it("reads in English as decision 0038 writes it", () => {
    expect(overwriteSentence(testTranslator("en-GB"), "en-GB", overwrite({}), NOW)).toBe(
      "Sam's answer replaced yours: Status Non-compliant (yours: Compliant), at 14:02.",
    );
    const severity = overwrite({ field: "riskSeverity", restore: { riskSeverity: 2 }, theirs: { riskSeverity: 4 } });
    expect(overwriteSentence(testTranslator("en-GB"), "en-GB", severity, NOW)).toBe(
      "Sam's answer replaced yours: Severity 4 – Major (yours: 2 – Low), at 14:02.",
    );
  });

  it("reads in the inspector's language, the values from the answers, another day with its date", () => {
    const pl = testTranslator("pl");
    const sentence = overwriteSentence(pl, "pl", overwrite({ at: at(9, 5, 20) }), NOW);
    expect(sentence).toContain("Sam");
    expect(sentence).toContain("Niezgodne");
    expect(sentence).toMatch(/20 lis 2026 o 09:05\.$/);
    expect(sentence).not.toMatch(/answer replaced|Non-compliant|yours/);
    // What the inspector typed stays as typed.
    const notes = overwrite({ field: "notes", restore: { notes: "Bariera OK" }, theirs: { notes: "" } });
    expect(overwriteSentence(pl, "pl", notes, NOW)).toContain("Uwagi brak (Twoja: Bariera OK)");
  });
});
