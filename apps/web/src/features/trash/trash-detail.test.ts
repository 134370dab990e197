// The Trash's "3 reports" is written by the app in its own language from the count the API gives
// (issue 35): an English answer (a cached one, or the pseudo-locale's) never shows through.
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../i18n/test-translator";
import { trashDetail } from "./trash-detail";

const project = (reportCount: number) => ({ kind: "project" as const, detail: `${reportCount} reports`, reportCount });

describe("trashDetail", () => {
  it("writes a deleted project's report count in the app's language with the language's plural", () => {
    const pl = testTranslator("pl");
    expect([0, 1, 2, 5, 22].map((n) => trashDetail(pl, project(n)))).toEqual([
      "0 raportów",
      "1 raport",
      "2 raporty",
      "5 raportów",
      "22 raporty",
    ]);
    expect(trashDetail(testTranslator("lt"), project(1))).toBe("1 ataskaita");
    expect(trashDetail(testTranslator("ro"), project(20))).toBe("20 de rapoarte");
    expect(trashDetail(testTranslator("en-GB"), project(1))).toBe("1 report");
  });

  it("keeps a report's detail (its project's name) and an answer without a count as they came", () => {
    const pl = testTranslator("pl");
    expect(trashDetail(pl, { kind: "report", detail: "Canal Wharf", reportCount: null })).toBe("Canal Wharf");
    expect(trashDetail(pl, { kind: "project", detail: "3 raporty" })).toBe("3 raporty");
  });
});
