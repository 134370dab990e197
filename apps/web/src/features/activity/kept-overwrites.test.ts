import type { Overwrite } from "@sitesnag/shared/activity";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../i18n/test-translator";
import { overwriteSentence } from "./kept-overwrites";

const NOW = new Date(2026, 10, 24, 15, 0);
const at = (h: number, m: number, day = 24) => new Date(2026, 10, day, h, m).getTime() / 1000;
const notice = (over: Partial<Overwrite> = {}): Overwrite => ({
  entryId: "e1",
  field: "priority",
  label: "Priority",
  restore: { priority: "high" },
  yourText: "High",
  theirText: "Critical",
  byName: "Sam Site",
  at: at(14, 2),
  ...over,
});

describe("a report's overwrite notice", () => {
  it("reads in English as decision 0021 writes it, another day with its date", () => {
    expect(overwriteSentence(testTranslator("en-GB"), "en-GB", notice(), NOW)).toBe(
      "Your change to Priority (High) was replaced by Sam's (Critical) at 14:02.",
    );
    expect(overwriteSentence(testTranslator("en-GB"), "en-GB", notice({ at: at(9, 5, 20) }), NOW)).toBe(
      "Your change to Priority (High) was replaced by Sam's (Critical) on Nov 20, 2026 at 09:05.",
    );
  });

  it("reads in the reader's language around the server's translated field and values", () => {
    const polish = notice({ label: "Priorytet", yourText: "Wysoki", theirText: "Krytyczny", at: at(9, 5, 20) });
    const sentence = overwriteSentence(testTranslator("pl"), "pl", polish, NOW);
    expect(sentence).toBe(
      "Twoją zmianę (Priorytet: Wysoki) zastąpiła zmiana, którą wprowadził(a) Sam (Krytyczny), 20 lis 2026 o 09:05.",
    );
    expect(sentence).not.toMatch(/Your change|replaced|at 09/);
  });
});
