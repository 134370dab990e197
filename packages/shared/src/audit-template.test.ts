import { describe, expect, it } from "vitest";
import {
  AUDIT_SECTIONS,
  AUDIT_TEMPLATE,
  AUDIT_TEMPLATE_VERSION,
  itemsInSection,
  PROJECT_TYPES,
} from "./audit-template";

describe("audit template", () => {
  it("holds 27 items in the 10 sections of SPEC §9, in order", () => {
    expect(AUDIT_TEMPLATE).toHaveLength(27);
    expect(AUDIT_SECTIONS.map((s) => s.title)).toEqual([
      "Management & CDM",
      "Site access & housekeeping",
      "Working at height",
      "Lifting operations & plant",
      "Excavations",
      "Electrical & temporary works",
      "Fire & hot works",
      "COSHH & environmental",
      "PPE & health",
      "Incidents & RIDDOR",
    ]);
  });

  it("gives every section at least two items and every item a known section and a unique id", () => {
    for (const section of AUDIT_SECTIONS) expect(itemsInSection(section.id).length).toBeGreaterThanOrEqual(2);
    const sectionIds = new Set<string>(AUDIT_SECTIONS.map((s) => s.id));
    for (const item of AUDIT_TEMPLATE) expect(sectionIds.has(item.section)).toBe(true);
    expect(new Set(AUDIT_TEMPLATE.map((i) => i.id)).size).toBe(27);
    expect(AUDIT_SECTIONS.reduce((n, s) => n + itemsInSection(s.id).length, 0)).toBe(27);
  });

  it("keeps items grouped by section so the checklist reads top to bottom", () => {
    const order = AUDIT_TEMPLATE.map((i) => i.section).filter((s, i, all) => all[i - 1] !== s);
    expect(order).toEqual(AUDIT_SECTIONS.map((s) => s.id));
  });

  it("names the UK regime the questions come from", () => {
    const all = AUDIT_TEMPLATE.map((i) => i.question).join(" ");
    for (const term of ["CDM 2015", "F10", "LOLER", "COSHH", "RIDDOR", "CPCS", "110 V", "permit to dig", "Hot work"]) {
      expect(all).toContain(term);
    }
  });

  it("has a version and the four project types", () => {
    expect(AUDIT_TEMPLATE_VERSION).toMatch(/\S/);
    expect(PROJECT_TYPES).toEqual(["New build", "Fit-out", "Civils", "Maintenance"]);
  });
});
