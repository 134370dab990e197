import type { ChecklistItem } from "@sitesnag/shared/audits";

/**
 * "section.item" numbers (1.1, 1.2, 2.1 …) as printed on the page, the matrix and the PDF. Sections
 * are numbered in the order the checklist holds them (template order, for any template).
 */
export function itemNumbers(checklist: readonly ChecklistItem[]): Record<string, string> {
  const numbers: Record<string, string> = {};
  const sections = [...new Set(checklist.map((i) => i.section))];
  sections.forEach((section, s) => {
    checklist
      .filter((i) => i.section === section)
      .forEach((item, n) => {
        numbers[item.id] = `${s + 1}.${n + 1}`;
      });
  });
  return numbers;
}
