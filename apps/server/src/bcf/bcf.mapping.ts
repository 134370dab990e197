// What SiteSnag's fields are called in BCF (docs/bcf.md, decision 0074). BCF leaves statuses and
// priorities free text (each tool names its own); these are the words BIMcollab, Revizto and
// Solibri use, and reading them back is forgiving: an unknown word maps to the default.
import type { Priority, ReportStatus } from "@sitesnag/shared/enums";

export const BCF_VERSIONS = ["2.1", "3.0"] as const;
export type BcfVersion = (typeof BCF_VERSIONS)[number];

export const TOPIC_TYPE = "Issue";

const STATUS_WORDS: Record<ReportStatus, string> = {
  open: "Open",
  "in-progress": "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

const PRIORITY_WORDS: Record<Priority, string> = {
  critical: "Critical",
  high: "High",
  medium: "Medium",
  low: "Low",
};

export const statusWord = (status: ReportStatus): string => STATUS_WORDS[status];
export const priorityWord = (priority: Priority): string => PRIORITY_WORDS[priority];
export const STATUS_WORD_LIST = Object.values(STATUS_WORDS);
export const PRIORITY_WORD_LIST = Object.values(PRIORITY_WORDS);

const fold = (word: string | undefined) => (word ?? "").toLowerCase().replace(/[^a-z]/g, "");

const STATUS_READ: Record<string, ReportStatus> = {
  open: "open",
  active: "open",
  new: "open",
  reopened: "open",
  assigned: "open",
  inprogress: "in-progress",
  resolved: "resolved",
  done: "resolved",
  fixed: "resolved",
  closed: "closed",
};

const PRIORITY_READ: Record<string, Priority> = {
  critical: "critical",
  blocker: "critical",
  high: "high",
  major: "high",
  medium: "medium",
  normal: "medium",
  low: "low",
  minor: "low",
  trivial: "low",
};

/** A topic's status as a report's; an unknown or missing one is open. */
export const readStatus = (word: string | undefined): ReportStatus => STATUS_READ[fold(word)] ?? "open";

/** A topic's priority as a report's; an unknown or missing one is medium. */
export const readPriority = (word: string | undefined): Priority => PRIORITY_READ[fold(word)] ?? "medium";
