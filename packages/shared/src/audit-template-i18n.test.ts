// The catalogue's English for the standard template is the template's own wording, word for word,
// and every section and question has an id (so a Romanian inspector sees none in English).
import { describe, expect, it } from "vitest";
import { AUDIT_SECTIONS, AUDIT_TEMPLATE } from "./audit-template";
import { standardQuestionId, standardSectionId } from "./audit-template-i18n";
import { SOURCE_CATALOGUES } from "./i18n/catalogues";

const english = SOURCE_CATALOGUES["en-GB"] as Record<string, string>;

describe("the standard template in the catalogue", () => {
  it("has every question and section, in the template's English", () => {
    for (const item of AUDIT_TEMPLATE) {
      const id = standardQuestionId(item.id, item.question);
      expect(id, item.id).toBeDefined();
      expect(english[id as string]).toBe(item.question);
    }
    for (const section of AUDIT_SECTIONS) {
      const id = standardSectionId(section.id, section.title);
      expect(english[id as string]).toBe(section.title);
    }
  });

  it("has Romanian for each question", () => {
    const ro = SOURCE_CATALOGUES.ro as Record<string, string>;
    expect(ro["auditTemplate.q.height-1"]).toMatch(/^Schelele inspectate/);
    expect(ro["auditTemplate.section.height"]).toBe("Lucrul la înălțime");
  });

  it("leaves other wording, and other templates' items, as written", () => {
    expect(standardQuestionId("cdm-2", "F10 notice on the wall")).toBeUndefined();
    expect(standardQuestionId("custom-1", "Anything")).toBeUndefined();
    expect(standardSectionId("cdm", "Our management")).toBeUndefined();
    expect(standardSectionId("mine")).toBeUndefined();
  });
});
