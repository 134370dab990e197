// Colours of the audit PDF: the compliance bands and risk bands as the audit screens show them.
import type { ComplianceBand, ItemStatus, RiskBand } from "@sitesnag/shared/audit-scoring";

export const BAND_COLOURS: Record<ComplianceBand, string> = { green: "#16a34a", yellow: "#ca8a04", red: "#dc2626" };

export const RISK_COLOURS: Record<RiskBand, string> = {
  none: "#94a3b8",
  low: "#16a34a",
  medium: "#ca8a04",
  high: "#ea580c",
  "very-high": "#b91c1c",
};

export const STATUS_COLOURS: Record<ItemStatus, string> = {
  "": "#94a3b8",
  C: "#16a34a",
  I: "#ca8a04",
  NC: "#dc2626",
  "N/A": "#64748b",
};
