// Scores and labels of a site audit (SPEC §4, §5, §9): item statuses, risk score and its bands,
// compliance score and its colour bands, the snag priority a risk maps to, and the rule that makes
// an audit completed. Pure functions: the page, the PDF and the tests all use these.
import type { Priority } from "./enums";

/** '' is "not assessed" (SPEC §4). */
export const ITEM_STATUSES = ["", "C", "I", "NC", "N/A"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  "": "Not assessed",
  C: "Compliant",
  I: "Improvement",
  NC: "Non-compliant",
  "N/A": "N/A",
};

export const AUDIT_STATUSES = ["draft", "completed"] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];

/** Index = value; 0 means unset. */
export const SEVERITY_LABELS = ["", "Minor", "Low", "Moderate", "Major", "Critical"] as const;
export const LIKELIHOOD_LABELS = ["", "Rare", "Unlikely", "Possible", "Likely", "Almost certain"] as const;
export const RISK_LEVELS = [1, 2, 3, 4, 5] as const;

const inRange = (n: number | null | undefined): n is number =>
  typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 5;

/** Severity × likelihood, each 1-5; 0 when either is unset (SPEC §5). */
export function riskScore(severity: number | null | undefined, likelihood: number | null | undefined): number {
  return inRange(severity) && inRange(likelihood) ? severity * likelihood : 0;
}

export type RiskBand = "none" | "low" | "medium" | "high" | "very-high";

export const RISK_BAND_LABELS: Record<RiskBand, string> = {
  none: "Not rated",
  low: "Low",
  medium: "Medium",
  high: "High",
  "very-high": "Very high",
};

/** Up to 5 low, up to 12 medium, up to 20 high, above 20 the highest band (SPEC §9). */
export function riskBand(score: number): RiskBand {
  if (score <= 0) return "none";
  if (score <= 5) return "low";
  if (score <= 12) return "medium";
  if (score <= 20) return "high";
  return "very-high";
}

/** The priority of a snag raised from a non-compliance: over 20 critical, 13–20 high, 6–12 medium, else low. */
export function priorityForRisk(score: number): Priority {
  if (score > 20) return "critical";
  if (score >= 13) return "high";
  if (score >= 6) return "medium";
  return "low";
}

export type StatusCounts = {
  total: number;
  compliant: number;
  improvement: number;
  nonCompliant: number;
  notApplicable: number;
  notAssessed: number;
  assessed: number;
};

export function countStatuses(items: readonly { status: ItemStatus }[]): StatusCounts {
  const of = (s: ItemStatus) => items.filter((i) => i.status === s).length;
  const notAssessed = of("");
  return {
    total: items.length,
    compliant: of("C"),
    improvement: of("I"),
    nonCompliant: of("NC"),
    notApplicable: of("N/A"),
    notAssessed,
    assessed: items.length - notAssessed,
  };
}

/**
 * Compliant items over all checklist items, as a whole percent (SPEC §9). Everything that is not
 * Compliant counts against, unassessed items included, so an unfinished audit cannot look good.
 */
export function complianceScore(items: readonly { status: ItemStatus }[]): number {
  if (items.length === 0) return 0;
  return Math.round((countStatuses(items).compliant / items.length) * 100);
}

export type ComplianceBand = "green" | "yellow" | "red";

export const COMPLIANCE_BAND_LABELS: Record<ComplianceBand, string> = {
  green: "Good",
  yellow: "Needs improvement",
  red: "Poor",
};

/** 90 or more green, 70 or more yellow, otherwise red. */
export function complianceBand(score: number): ComplianceBand {
  if (score >= 90) return "green";
  if (score >= 70) return "yellow";
  return "red";
}

/** Completed only when both parties have signed; otherwise draft (SPEC §4). */
export function auditStatusFor(auditorSignature: string, siteRepSignature: string): AuditStatus {
  return auditorSignature.trim() !== "" && siteRepSignature.trim() !== "" ? "completed" : "draft";
}

/** Progress of one section: how many of its items have any answer. */
export function sectionProgress(items: readonly { status: ItemStatus }[]): { done: number; total: number } {
  return { done: items.filter((i) => i.status !== "").length, total: items.length };
}

export type MatrixCell = { severity: number; likelihood: number; score: number; band: RiskBand; itemIds: string[] };

/**
 * The 5×5 risk matrix: one cell per severity/likelihood pair, rows from severity 5 down to 1,
 * each holding the ids of the assessed items rated there.
 */
export function riskMatrix(
  items: readonly { id: string; status: ItemStatus; riskSeverity: number | null; riskLikelihood: number | null }[],
): MatrixCell[][] {
  return [5, 4, 3, 2, 1].map((severity) =>
    [1, 2, 3, 4, 5].map((likelihood) => {
      const score = severity * likelihood;
      return {
        severity,
        likelihood,
        score,
        band: riskBand(score),
        itemIds: items
          .filter((i) => i.status !== "" && i.riskSeverity === severity && i.riskLikelihood === likelihood)
          .map((i) => i.id),
      };
    }),
  );
}
