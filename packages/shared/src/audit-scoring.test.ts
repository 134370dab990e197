import { describe, expect, it } from "vitest";
import {
  auditStatusFor,
  complianceBand,
  complianceScore,
  countStatuses,
  ITEM_STATUS_LABELS,
  type ItemStatus,
  LIKELIHOOD_LABELS,
  priorityForRisk,
  riskBand,
  riskMatrix,
  riskScore,
  SEVERITY_LABELS,
  sectionProgress,
} from "./audit-scoring";

const items = (...statuses: ItemStatus[]) => statuses.map((status) => ({ status }));
const many = (n: number, status: ItemStatus) => Array.from({ length: n }, () => ({ status }));

describe("labels", () => {
  it("names severity and likelihood 1-5 as SPEC §9 does", () => {
    expect(SEVERITY_LABELS.slice(1)).toEqual(["Minor", "Low", "Moderate", "Major", "Critical"]);
    expect(LIKELIHOOD_LABELS.slice(1)).toEqual(["Rare", "Unlikely", "Possible", "Likely", "Almost certain"]);
  });
  it("names the five item statuses", () => {
    expect(ITEM_STATUS_LABELS).toEqual({
      "": "Not assessed",
      C: "Compliant",
      I: "Improvement",
      NC: "Non-compliant",
      "N/A": "N/A",
    });
  });
});

describe("riskScore", () => {
  it("multiplies severity by likelihood", () => {
    expect(riskScore(1, 1)).toBe(1);
    expect(riskScore(3, 4)).toBe(12);
    expect(riskScore(5, 5)).toBe(25);
  });
  it.each([
    [null, 3],
    [3, null],
    [undefined, 2],
    [0, 4],
    [6, 1],
    [2.5, 2],
    [-1, 3],
  ])("is 0 when a factor is unset or out of 1-5 (%s × %s)", (s, l) => {
    expect(riskScore(s, l)).toBe(0);
  });
});

describe("riskBand at every edge", () => {
  it.each([
    [0, "none"],
    [1, "low"],
    [5, "low"],
    [6, "medium"],
    [12, "medium"],
    [13, "high"],
    [20, "high"],
    [21, "very-high"],
    [25, "very-high"],
  ])("%i → %s", (score, band) => {
    expect(riskBand(score)).toBe(band);
  });
});

describe("priorityForRisk at every edge", () => {
  it.each([
    [0, "low"],
    [5, "low"],
    [6, "medium"],
    [12, "medium"],
    [13, "high"],
    [20, "high"],
    [21, "critical"],
    [25, "critical"],
  ])("%i → %s", (score, priority) => {
    expect(priorityForRisk(score)).toBe(priority);
  });
});

describe("complianceScore", () => {
  it("is compliant items over all items, unassessed and N/A counting against", () => {
    expect(complianceScore(items("C", "C", "", ""))).toBe(50);
    expect(complianceScore(items("C", "N/A"))).toBe(50);
    expect(complianceScore(items("C", "I", "NC", "N/A"))).toBe(25);
  });
  it("rounds to a whole percent", () => {
    expect(complianceScore([...many(1, "C"), ...many(2, "")])).toBe(33);
    expect(complianceScore([...many(2, "C"), ...many(1, "")])).toBe(67);
    expect(complianceScore([...many(26, "C"), ...many(1, "NC")])).toBe(96);
  });
  it("is 0 for a fresh audit and for no items, 100 when all compliant", () => {
    expect(complianceScore(many(27, ""))).toBe(0);
    expect(complianceScore([])).toBe(0);
    expect(complianceScore(many(27, "C"))).toBe(100);
  });
});

describe("complianceBand at every edge", () => {
  it.each([
    [100, "green"],
    [90, "green"],
    [89, "yellow"],
    [70, "yellow"],
    [69, "red"],
    [0, "red"],
  ])("%i → %s", (score, band) => {
    expect(complianceBand(score)).toBe(band);
  });
  it("on the real 27-item checklist: 25 compliant is green, 24 yellow; 19 yellow, 18 red", () => {
    const score = (c: number) => complianceScore([...many(c, "C"), ...many(27 - c, "")]);
    expect([score(25), score(24), score(19), score(18)]).toEqual([93, 89, 70, 67]);
    expect([25, 24, 19, 18].map((c) => complianceBand(score(c)))).toEqual(["green", "yellow", "yellow", "red"]);
  });
});

describe("countStatuses and sectionProgress", () => {
  it("counts each status", () => {
    expect(countStatuses(items("C", "C", "I", "NC", "N/A", ""))).toEqual({
      total: 6,
      compliant: 2,
      improvement: 1,
      nonCompliant: 1,
      notApplicable: 1,
      notAssessed: 1,
      assessed: 5,
    });
  });
  it("counts any answer as progress", () => {
    expect(sectionProgress(items("C", "N/A", ""))).toEqual({ done: 2, total: 3 });
  });
});

describe("auditStatusFor", () => {
  it("is completed only with both signatures", () => {
    expect(auditStatusFor("data:a", "data:b")).toBe("completed");
    expect(auditStatusFor("data:a", "")).toBe("draft");
    expect(auditStatusFor("", "data:b")).toBe("draft");
    expect(auditStatusFor("", "")).toBe("draft");
    expect(auditStatusFor("  ", "data:b")).toBe("draft");
  });
});

describe("riskMatrix", () => {
  const rated = (id: string, status: ItemStatus, s: number | null, l: number | null) => ({
    id,
    status,
    riskSeverity: s,
    riskLikelihood: l,
  });
  it("is 5×5 with severity 5 on the top row and likelihood 1 on the left", () => {
    const m = riskMatrix([]);
    expect(m).toHaveLength(5);
    expect(m.every((row) => row.length === 5)).toBe(true);
    expect(m[0]?.[0]).toMatchObject({ severity: 5, likelihood: 1, score: 5, band: "low" });
    expect(m[0]?.[4]).toMatchObject({ severity: 5, likelihood: 5, score: 25, band: "very-high" });
    expect(m[4]?.[0]).toMatchObject({ severity: 1, likelihood: 1, score: 1 });
  });
  it("places every assessed, rated item in its cell and leaves the others out", () => {
    const m = riskMatrix([
      rated("a", "NC", 5, 5),
      rated("b", "I", 5, 5),
      rated("c", "C", 2, 3),
      rated("d", "", 4, 4),
      rated("e", "NC", 4, null),
    ]);
    expect(m[0]?.[4]?.itemIds).toEqual(["a", "b"]);
    expect(m[3]?.[2]?.itemIds).toEqual(["c"]);
    expect(m.flat().flatMap((c) => c.itemIds)).toEqual(["a", "b", "c"]);
  });
});
