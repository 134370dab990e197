import { describe, expect, it } from "vitest";
import { inverseOf } from "./bulk-change";

describe("inverseOf", () => {
  it("groups changed reports by their previous values, at the version the change gave them", () => {
    expect(
      inverseOf([
        { id: "a", ok: true, version: 3, before: { assignedTo: null } },
        { id: "b", ok: true, version: 7, before: { assignedTo: "u1" } },
        { id: "c", ok: true, version: 2, before: { assignedTo: null } },
        { id: "d", ok: false, error: "Report not found" },
        { id: "e", ok: true },
      ]),
    ).toEqual([
      { ids: ["a", "c"], changes: { assignedTo: null }, versions: { a: 3, c: 2 } },
      { ids: ["b"], changes: { assignedTo: "u1" }, versions: { b: 7 } },
    ]);
  });
});
