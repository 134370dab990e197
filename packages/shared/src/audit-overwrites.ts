// No silent overwrite for audit answers (decision 0038, following the reports' rule of 0021): an
// answer change names the item version it was made on; a field someone else changed since is
// recorded as `replaced` (applied) or, for a change made on the device before theirs reached the
// server, `supersededBy` (not applied). The overwritten person gets a notice with Restore.
import { z } from "zod";
import { OverwriteSchema } from "./activity";
import { ITEM_STATUS_LABELS, type ItemStatus, LIKELIHOOD_LABELS, SEVERITY_LABELS } from "./audit-scoring";

/** The answer fields a change can carry, with the label a notice and the history print. */
export const ANSWER_FIELD_LABELS = {
  status: "Status",
  value: "Answer",
  notes: "Notes",
  riskSeverity: "Severity",
  riskLikelihood: "Likelihood",
  actionOwner: "Action owner",
  dueDate: "Due date",
} as const;
export type AnswerField = keyof typeof ANSWER_FIELD_LABELS;

/** An answer field's value as a person reads it ("Non-compliant", "3 – Moderate", "2026-12-01"). */
export function answerText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return field === "status" ? "Not assessed" : "none";
  if (field === "status") return ITEM_STATUS_LABELS[value as ItemStatus] ?? String(value);
  if (field === "riskSeverity") return `${value} – ${SEVERITY_LABELS[Number(value)] ?? ""}`;
  if (field === "riskLikelihood") return `${value} – ${LIKELIHOOD_LABELS[Number(value)] ?? ""}`;
  if (field === "dueDate" && typeof value === "number") return new Date(value * 1000).toISOString().slice(0, 10);
  return String(value);
}

/**
 * GET /api/audits/{id}/overwrites: the caller's answers another person's replaced (or that lost,
 * offline, to a newer one) while the field still holds that person's value. Restore is
 * `PATCH /api/audits/{id}/items/{itemId}` with `restore` and `version`.
 */
export const AuditOverwriteSchema = OverwriteSchema.extend({
  itemId: z.string(),
  /** The item's current version: Restore sends it, so it is a plain change, not a conflict. */
  version: z.number(),
  /** The answer that stands (the other person's), as a patch: what "Keep theirs" puts on the device. */
  theirs: z.record(z.string(), z.unknown()),
});
export type AuditOverwrite = z.infer<typeof AuditOverwriteSchema>;
export const AuditOverwriteListSchema = z.object({ overwrites: z.array(AuditOverwriteSchema) });

// The notice's sentence, "Sam's answer replaced yours: …", is written by the web app in the reader's
// language (apps/web/src/features/audits/components/answer-overwrite-text.ts).
