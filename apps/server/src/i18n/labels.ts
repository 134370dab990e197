// The catalogue's words for the closed value sets a PDF, an email or a notification names
// (SPEC §3 and §9): a report's status, priority and category.
import type { Category, Priority, ReportStatus } from "@sitesnag/shared/enums";
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import { isStandardTradeKey, STANDARD_TRADE_NAMES } from "@sitesnag/shared/trade-names";
import type { Translator } from "./translate";

export const STATUS_LABEL_IDS: Record<ReportStatus, MessageId> = {
  open: "pdf.status.open",
  "in-progress": "pdf.status.inProgress",
  resolved: "pdf.status.resolved",
  closed: "pdf.status.closed",
};

export const PRIORITY_LABEL_IDS: Record<Priority, MessageId> = {
  critical: "pdf.priority.critical",
  high: "pdf.priority.high",
  medium: "pdf.priority.medium",
  low: "pdf.priority.low",
};

export const CATEGORY_LABEL_IDS: Record<Category, MessageId> = {
  safety: "pdf.category.safety",
  finish: "pdf.category.finish",
  plumbing: "pdf.category.plumbing",
  electrical: "pdf.category.electrical",
  structural: "pdf.category.structural",
  hvac: "pdf.category.hvac",
  other: "pdf.category.other",
};

/**
 * A report's trade as its reader sees it (issue 36 with issue 35): a standard trade the workspace
 * has not renamed in the reader's language; a renamed or custom one as the workspace names it; a
 * key the workspace no longer has (a deleted trade's report, restored) as itself, capitalised.
 */
export function tradeLabel(key: string, trades: ReadonlyMap<string, string>, t: Translator): string {
  const name = trades.get(key);
  if (isStandardTradeKey(key) && (name === undefined || name === STANDARD_TRADE_NAMES[key])) {
    return t(CATEGORY_LABEL_IDS[key]);
  }
  return name ?? key.charAt(0).toUpperCase() + key.slice(1);
}
