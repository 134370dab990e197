import type { ComplianceBand, RiskBand } from "@sitesnag/shared/audit-scoring";

// Colours with at least 4.5:1 text contrast on their own background (WCAG AA).
export const COMPLIANCE_BAND_CLASS: Record<ComplianceBand, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/30",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-600/40",
  red: "bg-red-100 text-red-800 ring-red-600/30",
};

export const RISK_BAND_CLASS: Record<RiskBand, string> = {
  none: "bg-slate-100 text-slate-700",
  low: "bg-green-100 text-green-800",
  medium: "bg-yellow-100 text-yellow-900",
  high: "bg-orange-200 text-orange-900",
  "very-high": "bg-red-700 text-white",
};
