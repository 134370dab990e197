// The catalogue's words for the closed value sets a PDF, an email or a notification names
// (SPEC §3 and §9): a report's status, priority and category.
import type { Category, Priority, ReportStatus } from "@sitesnag/shared/enums";
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";

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
