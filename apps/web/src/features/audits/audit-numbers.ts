import { AUDIT_SECTIONS } from "@sitesnag/shared/audit-template";
import type { ChecklistItem } from "@sitesnag/shared/audits";

/** "section.item" numbers (1.1, 1.2, 2.1 …) as printed on the page, the matrix and the PDF. */
export function itemNumbers(checklist: readonly ChecklistItem[]): Record<string, string> {
  const numbers: Record<string, string> = {};
  AUDIT_SECTIONS.forEach((section, s) => {
    checklist
      .filter((i) => i.section === section.id)
      .forEach((item, n) => {
        numbers[item.id] = `${s + 1}.${n + 1}`;
      });
  });
  return numbers;
}
