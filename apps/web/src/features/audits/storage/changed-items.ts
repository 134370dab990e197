import type { AuditDetail, ChecklistItem } from "@sitesnag/shared/audits";

/** The fields of an item's answer, as the server's answers API names them. */
export const ANSWER_FIELDS = [
  "status",
  "notes",
  "riskSeverity",
  "riskLikelihood",
  "actionOwner",
  "dueDate",
  "value",
] as const;

const answerOf = (i: ChecklistItem | undefined) => JSON.stringify(ANSWER_FIELDS.map((f) => i?.[f] ?? ""));

/**
 * Save Audit stamps each item whose answer differs from the saved one with the time (decision
 * 0038): the device time its change carries to the server, kept per item so that an answer saved
 * offline at 09:00 stays a 09:00 change when other items are saved later.
 */
export function stampChangedItems(before: AuditDetail | undefined, detail: AuditDetail, at: number): AuditDetail {
  const saved = new Map(before?.checklist.map((i) => [i.id, i]) ?? []);
  return {
    ...detail,
    checklist: detail.checklist.map((item) => {
      const old = saved.get(item.id);
      if (answerOf(old) !== answerOf(item)) return { ...item, changedAt: at };
      return old?.changedAt !== undefined ? { ...item, changedAt: old.changedAt } : item;
    }),
  };
}
