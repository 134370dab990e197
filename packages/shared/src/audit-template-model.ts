// The model of an audit template (issue 25, decision 0028) without its schemas: answer sets, the
// shape of a definition and the pure functions over it (items, score, labels). Kept free of zod so
// the screens that only render or score a template do not load the validation library.
import { ITEM_STATUS_LABELS, type ItemStatus } from "./audit-scoring";

/** The built-in template's id (SPEC §9), used when a new audit names none. */
export const STANDARD_TEMPLATE_ID = "standard";

/** Items of one template at most: what one screen, one PDF and one CSV import are sized for. */
export const MAX_TEMPLATE_ITEMS = 200;
export const MAX_TEMPLATE_SECTIONS = 50;
/** The size of an imported CSV file at most. */
export const MAX_CSV_BYTES = 512 * 1024;

/**
 * How an item is answered. `cinna`: Compliant / Improvement / Non-compliant / N/A (the standard
 * one); `yesno`: Yes (compliant) / No (non-compliant) / N/A; `number`: a number with a unit,
 * non-compliant outside its limits when it has any; `text`: free text, recorded but not scored.
 */
export const ANSWER_SETS = ["cinna", "yesno", "number", "text"] as const;
export type AnswerSet = (typeof ANSWER_SETS)[number];

export const ANSWER_SET_LABELS: Record<AnswerSet, string> = {
  cinna: "C / I / NC / N/A",
  yesno: "Yes / No / N/A",
  number: "Number with unit",
  text: "Text",
};

export type AnswerOption = { status: Exclude<ItemStatus, "">; label: string };

/** The statuses an item of a choice answer set may take, with the labels shown for them. */
export const ANSWER_OPTIONS: Record<"cinna" | "yesno", readonly AnswerOption[]> = {
  cinna: [
    { status: "C", label: ITEM_STATUS_LABELS.C },
    { status: "I", label: ITEM_STATUS_LABELS.I },
    { status: "NC", label: ITEM_STATUS_LABELS.NC },
    { status: "N/A", label: ITEM_STATUS_LABELS["N/A"] },
  ],
  yesno: [
    { status: "C", label: "Yes" },
    { status: "NC", label: "No" },
    { status: "N/A", label: "N/A" },
  ],
};

export type TemplateItemDef = {
  id: string;
  question: string;
  guidance: string;
  answerSet: AnswerSet;
  unit: string;
  min: number | null;
  max: number | null;
  photoOnNc: boolean;
  riskOnNc: boolean;
  weight: number;
};
export type TemplateSectionDef = { id: string; title: string; items: TemplateItemDef[] };

/** A template's content: its sections, each with its items, in order. */
export type TemplateDefinition = { sections: TemplateSectionDef[] };

/** The template an audit was started with, at its version. */
export type AuditTemplateRef = TemplateDefinition & { id: string; name: string; version: string };

/** Every item of a template in order, with its section. */
export function templateItems(
  def: TemplateDefinition,
): (TemplateItemDef & { sectionId: string; sectionTitle: string })[] {
  return def.sections.flatMap((s) => s.items.map((i) => ({ ...i, sectionId: s.id, sectionTitle: s.title })));
}

/** Whether an item counts in the compliance score. */
export function isScored(item: Pick<TemplateItemDef, "answerSet" | "min" | "max" | "weight">): boolean {
  if (item.weight <= 0) return false;
  if (item.answerSet === "text") return false;
  if (item.answerSet === "number") return item.min !== null || item.max !== null;
  return true;
}

/** The statuses an item accepts as its answer ('' clears it); none for number and text items. */
export function allowedStatuses(item: Pick<TemplateItemDef, "answerSet">): readonly ItemStatus[] {
  if (item.answerSet === "cinna") return ["", "C", "I", "NC", "N/A"];
  if (item.answerSet === "yesno") return ["", "C", "NC", "N/A"];
  return [];
}

/** The label an answer shows for an item of its answer set ("Yes" for a compliant yes/no item). */
export function answerLabel(
  item: Pick<TemplateItemDef, "answerSet" | "unit">,
  status: ItemStatus,
  value: string,
): string {
  if (item.answerSet === "number") return value === "" ? "Not answered" : `${value}${item.unit ? ` ${item.unit}` : ""}`;
  if (item.answerSet === "text") return value === "" ? "Not answered" : value;
  if (status === "") return ITEM_STATUS_LABELS[""];
  return ANSWER_OPTIONS[item.answerSet].find((o) => o.status === status)?.label ?? status;
}

const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;

/** A number item's answer: '' or a plain decimal. */
export const isNumberAnswer = (value: string): boolean => value === "" || NUMBER.test(value);

/** The status a number answer stands for: compliant inside its limits, non-compliant outside. */
export function numberStatus(item: Pick<TemplateItemDef, "min" | "max">, value: string): ItemStatus {
  if (value === "" || (item.min === null && item.max === null)) return "";
  const n = Number(value);
  if (item.min !== null && n < item.min) return "NC";
  if (item.max !== null && n > item.max) return "NC";
  return "C";
}

export type TemplateScore = { score: number; total: number; compliant: number; nonCompliant: number };

/**
 * The compliance score of any template: the weight of its compliant items over the weight of every
 * scored item, as a whole percent. As in SPEC §9 everything not compliant counts against (unanswered
 * included); with every weight 1 and only C/I/NC/N/A items it equals `complianceScore`.
 */
export function templateScore(def: TemplateDefinition, statusOf: (itemId: string) => ItemStatus): TemplateScore {
  let weight = 0;
  let compliantWeight = 0;
  let compliant = 0;
  let nonCompliant = 0;
  const items = templateItems(def);
  for (const item of items) {
    const status = statusOf(item.id);
    if (status === "C") compliant += 1;
    if (status === "NC") nonCompliant += 1;
    if (!isScored(item)) continue;
    weight += item.weight;
    if (status === "C") compliantWeight += item.weight;
  }
  return {
    score: weight === 0 ? 0 : Math.round((compliantWeight / weight) * 100),
    total: items.length,
    compliant,
    nonCompliant,
  };
}
