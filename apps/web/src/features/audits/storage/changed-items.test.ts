import { type AuditDetail, newChecklist } from "@sitesnag/shared/audits";
import { describe, expect, it } from "vitest";
import { stampChangedItems } from "./changed-items";

const detail = (checklist = newChecklist()): AuditDetail =>
  ({ auditId: "a1", userId: "u1", checklist, updatedAt: 1 }) as unknown as AuditDetail;
const answer = (d: AuditDetail, id: string, patch: object) => ({
  ...d,
  checklist: d.checklist.map((i) => (i.id === id ? { ...i, ...patch } : i)),
});
const stamps = (d: AuditDetail) =>
  Object.fromEntries(d.checklist.filter((i) => i.changedAt).map((i) => [i.id, i.changedAt]));

describe("stampChangedItems", () => {
  it("stamps the items whose answer changed since the last save, and keeps the others' times", () => {
    const first = stampChangedItems(detail(), answer(detail(), "cdm-1", { status: "C" }), 900);
    expect(stamps(first)).toEqual({ "cdm-1": 900 });
    // Saved again two hours later with another item answered (and a photo added to the first):
    // the first answer stays a 09:00 change.
    const later = answer(answer(first, "access-1", { status: "NC" }), "cdm-1", { photos: ["p1"] });
    expect(stamps(stampChangedItems(first, later, 8100))).toEqual({ "cdm-1": 900, "access-1": 8100 });
    // The first save of an audit: every answered item is new.
    expect(stamps(stampChangedItems(undefined, answer(detail(), "cdm-2", { notes: "x" }), 5))).toEqual({
      "cdm-2": 5,
    });
  });
});
