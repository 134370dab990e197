import { AUDIT_SECTIONS } from "@sitesnag/shared/audit-template";
import { standardQuestionId, standardSectionId } from "@sitesnag/shared/audit-template-i18n";
import { type AuditTemplateRef, STANDARD_TEMPLATE_ID, templateItems } from "@sitesnag/shared/audit-template-model";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { useMemo } from "react";
import type { MessageId } from "../../../i18n/i18n";
import { useT } from "../../../i18n/use-t";
import { itemNumbers } from "../audit-numbers";
import { ChecklistItemCard, type NoticeProps } from "./checklist-item-card";
import { ChecklistSection } from "./checklist-section";

type Props = {
  checklist: ChecklistItem[];
  /** A custom template's sections and answer sets (decision 0028); the standard one when absent. */
  template?: AuditTemplateRef | undefined;
  photoUrls: Record<string, string>;
  addingPhotosTo: string | null;
  raisingSnagFor: string | null;
  onItemChange: (id: string, patch: Partial<ChecklistItem>) => void;
  onAddPhotos: (id: string, files: File[]) => void;
  /** With the item's "section.item" number, as the snag's text quotes it. */
  onRaiseSnag?: ((item: ChecklistItem, number: string) => void) | undefined;
  readOnly?: boolean | undefined;
  /** Answers of the reader's another person replaced, shown on their items (decision 0038). */
  notices?: NoticeProps | undefined;
};

/** The checklist by section, in template order. */
export function AuditChecklist({
  checklist,
  template,
  photoUrls,
  addingPhotosTo,
  raisingSnagFor,
  onItemChange,
  onAddPhotos,
  onRaiseSnag,
  readOnly,
  notices,
}: Props) {
  const t = useT();
  const numbers = useMemo(() => itemNumbers(checklist), [checklist]);
  // The standard template's words in the reader's language (a custom template's as written).
  const isStandard = !template || template.id === STANDARD_TEMPLATE_ID;
  const local = (id: string | undefined, english: string) =>
    isStandard && id ? t([id as MessageId, [english]]) : english;
  const sections = template ? template.sections : AUDIT_SECTIONS;
  const defs = useMemo(() => new Map(template ? templateItems(template).map((d) => [d.id, d]) : []), [template]);
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("audits.checklist")}</h2>
      {sections.map((section, s) => {
        const items = checklist.filter((i) => i.section === section.id);
        if (items.length === 0) return null;
        return (
          <ChecklistSection
            key={section.id}
            number={s + 1}
            title={local(standardSectionId(section.id), section.title)}
            items={items}
          >
            {items.map((item) => (
              <ChecklistItemCard
                key={item.id}
                item={item}
                question={local(standardQuestionId(item.id, item.question), item.question)}
                def={defs.get(item.id)}
                number={numbers[item.id] ?? ""}
                photoUrls={photoUrls}
                isAddingPhotos={addingPhotosTo === item.id}
                isRaisingSnag={raisingSnagFor === item.id}
                onChange={(patch) => onItemChange(item.id, patch)}
                onAddPhotos={(files) => onAddPhotos(item.id, files)}
                onRaiseSnag={onRaiseSnag ? () => onRaiseSnag(item, numbers[item.id] ?? "") : undefined}
                readOnly={readOnly}
                notices={
                  notices?.list.some((n) => n.itemId === item.id)
                    ? { ...notices, list: notices.list.filter((n) => n.itemId === item.id) }
                    : undefined
                }
              />
            ))}
          </ChecklistSection>
        );
      })}
    </div>
  );
}
