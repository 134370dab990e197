import { newChecklist } from "@sitesnag/shared/audits";
import { pairPhotoSegments } from "@sitesnag/shared/photo-description";
import { describe, expect, it } from "vitest";
import { snagDescription } from "./snag-description";

const base = newChecklist()[6];
if (!base) throw new Error("template changed");
const item = { ...base, status: "NC" as const, notes: "No tag on lift 3: scaffold in use" };

describe("snagDescription", () => {
  it("gives each photo a segment the snag screens pair with it", () => {
    const text = snagDescription(item, "3.1", "2026-11-20", 2);
    const paired = pairPhotoSegments(text, ["a", "b"]);
    expect(paired).toHaveLength(2);
    for (const p of paired) {
      expect(p.location).toBe("Audit item 3.1, Working at height");
      expect(p.description).toContain(base.question);
      expect(p.description).toContain("Audit notes: No tag on lift 3: scaffold in use");
      expect(p.description).toContain("Raised from the site audit of 2026-11-20.");
    }
  });

  it("is one plain line without photos, and leaves out empty notes", () => {
    const text = snagDescription({ ...item, notes: "  " }, "3.1", "2026-11-20", 0);
    expect(text).toBe(`Audit item 3.1, Working at height: ${base.question} Raised from the site audit of 2026-11-20.`);
  });
});
