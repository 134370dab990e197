// The audit's scoring words (shared/audit-scoring.ts's English labels) as catalogue ids, so an
// answer, a risk and a score read in the inspector's language: `t(ITEM_STATUS[status])`.
import type { ComplianceBand, ItemStatus, RiskBand } from "@sitesnag/shared/audit-scoring";
import type { ProjectType } from "@sitesnag/shared/audit-template";
import type { Message } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";
import type { SyncState } from "../sync/audit-list";

export const ITEM_STATUS: Record<ItemStatus, Message> = {
  "": msg("audits.answer.notAssessed"),
  C: msg("audits.answer.compliant"),
  I: msg("audits.answer.improvement"),
  NC: msg("audits.answer.nonCompliant"),
  "N/A": msg("audits.answer.na"),
};

const NOT_RATED = msg("audits.risk.notRated");
/** Index = level; 0 means unset. */
const SEVERITY: readonly Message[] = [
  msg("audits.risk.notRated"),
  msg("audits.severity.1"),
  msg("audits.severity.2"),
  msg("audits.severity.3"),
  msg("audits.severity.4"),
  msg("audits.severity.5"),
];
const LIKELIHOOD: readonly Message[] = [
  msg("audits.risk.notRated"),
  msg("audits.likelihood.1"),
  msg("audits.likelihood.2"),
  msg("audits.likelihood.3"),
  msg("audits.likelihood.4"),
  msg("audits.likelihood.5"),
];

/** A severity (1–5) named; anything else is "Not rated". */
export const severityLabel = (level: number): Message => SEVERITY[level] ?? NOT_RATED;
/** A likelihood (1–5) named; anything else is "Not rated". */
export const likelihoodLabel = (level: number): Message => LIKELIHOOD[level] ?? NOT_RATED;

export const RISK_BAND: Record<RiskBand, Message> = {
  none: msg("audits.risk.notRated"),
  low: msg("audits.riskBand.low"),
  medium: msg("audits.riskBand.medium"),
  high: msg("audits.riskBand.high"),
  "very-high": msg("audits.riskBand.veryHigh"),
};

export const COMPLIANCE_BAND: Record<ComplianceBand, Message> = {
  green: msg("audits.band.good"),
  yellow: msg("audits.band.needsImprovement"),
  red: msg("audits.band.poor"),
};

/** A project type as the audit stores it (English, SPEC §3) → its name in the reader's language. */
export const PROJECT_TYPE: Record<ProjectType, Message> = {
  "New build": msg("audits.projectType.newBuild"),
  "Fit-out": msg("audits.projectType.fitOut"),
  Civils: msg("audits.projectType.civils"),
  Maintenance: msg("audits.projectType.maintenance"),
};

/** Where an audit is, in the list and on its screen. */
export const SYNC_LABELS: Record<SyncState, Message> = {
  server: msg("audits.sync.server"),
  synced: msg("audits.sync.synced"),
  pending: msg("audits.sync.pending"),
  "not-uploaded": msg("audits.sync.notUploaded"),
  failed: msg("audits.sync.failed"),
};
