// Audit templates (issue 25, decision 0028): the definition every template is written in — sections
// of items, each with its question, guidance, answer set, what a non-compliance asks for and its
// weight in the score — the built-in standard template expressed in it, the weighted score of any
// template, and the API shapes of workspace templates (create, edit, archive, CSV import).
import { z } from "zod";
import { ITEM_STATUS_LABELS, type ItemStatus } from "./audit-scoring";
import { AUDIT_SECTIONS, AUDIT_TEMPLATE, AUDIT_TEMPLATE_VERSION } from "./audit-template";
import { plainString } from "./text";

/** The built-in template's id (SPEC §9), used when a new audit names none. */
export const STANDARD_TEMPLATE_ID = "standard";

/** Items of one template at most: what one screen, one PDF and one CSV import are sized for. */
export const MAX_TEMPLATE_ITEMS = 200;
export const MAX_TEMPLATE_SECTIONS = 50;
/** Rows of an imported CSV file at most, the header included (then: more than one template holds). */
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

const text = (label: string, max: number) =>
  plainString({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);

const id = z
  .string({ error: "An id must be text" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "An id must be 1 to 64 letters, digits, dashes or underscores");

const limit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(-1e9, `${label} is too small`)
    .max(1e9, `${label} is too large`)
    .nullable();

export const TemplateItemSchema = z
  .object({
    /** Kept from version to version, so answers and trends follow an item through edits. */
    id: id.optional(),
    question: required("Question", 500),
    guidance: text("Guidance", 2000).optional().default(""),
    answerSet: z.enum(ANSWER_SETS, { error: `Answer set must be one of ${ANSWER_SETS.join(", ")}` }),
    /** For numbers: the unit shown beside the answer ("mm", "°C", "people"). */
    unit: text("Unit", 20).optional().default(""),
    /** For numbers: outside these limits the answer is non-compliant. */
    min: limit("Lowest value").optional().default(null),
    max: limit("Highest value").optional().default(null),
    /** A non-compliant answer needs at least one photo before the audit can be completed. */
    photoOnNc: z.boolean({ error: "Photo required on NC must be true or false" }).optional().default(false),
    /** A non-compliant answer asks for its severity and likelihood. */
    riskOnNc: z.boolean({ error: "Risk assessment on NC must be true or false" }).optional().default(true),
    /** The item's weight in the compliance score (0: recorded, not scored). */
    weight: z
      .number({ error: "Weight must be a whole number from 0 to 10" })
      .int("Weight must be a whole number from 0 to 10")
      .min(0, "Weight must be a whole number from 0 to 10")
      .max(10, "Weight must be a whole number from 0 to 10")
      .optional()
      .default(1),
  })
  .strict();
export type TemplateItemInput = z.input<typeof TemplateItemSchema>;
export type TemplateItemDef = z.output<typeof TemplateItemSchema> & { id: string };

export const TemplateSectionSchema = z
  .object({
    id: id.optional(),
    title: required("Section title", 200),
    items: z.array(TemplateItemSchema, { error: "A section's items must be a list" }),
  })
  .strict();
export type TemplateSectionDef = { id: string; title: string; items: TemplateItemDef[] };

/** A template's content: its sections, each with its items, in order. */
export type TemplateDefinition = { sections: TemplateSectionDef[] };

const normalQuestion = (q: string) => q.trim().replace(/\s+/g, " ").toLowerCase();

const sectionsSchema = z
  .array(TemplateSectionSchema, { error: "Sections must be a list" })
  .max(MAX_TEMPLATE_SECTIONS, `A template can have at most ${MAX_TEMPLATE_SECTIONS} sections`)
  .superRefine((sections, ctx) => {
    const items = sections.flatMap((s) => s.items);
    if (items.length === 0) {
      ctx.addIssue({ code: "custom", message: "A template needs at least one item" });
      return;
    }
    if (items.length > MAX_TEMPLATE_ITEMS) {
      ctx.addIssue({
        code: "custom",
        message: `A template can have at most ${MAX_TEMPLATE_ITEMS} items; this one has ${items.length}`,
      });
      return;
    }
    const questions = new Set<string>();
    const ids = new Set<string>();
    sections.forEach((section, s) => {
      if (section.id !== undefined) {
        if (ids.has(section.id))
          ctx.addIssue({ code: "custom", path: [s, "id"], message: `Id '${section.id}' is used twice` });
        ids.add(section.id);
      }
      section.items.forEach((item, i) => {
        const q = normalQuestion(item.question);
        if (questions.has(q)) {
          ctx.addIssue({
            code: "custom",
            path: [s, "items", i, "question"],
            message: `The question "${item.question.slice(0, 80)}" is asked twice`,
          });
        }
        questions.add(q);
        if (item.id !== undefined) {
          if (ids.has(item.id)) {
            ctx.addIssue({ code: "custom", path: [s, "items", i, "id"], message: `Id '${item.id}' is used twice` });
          }
          ids.add(item.id);
        }
        if (item.min !== null && item.max !== null && item.min > item.max) {
          ctx.addIssue({
            code: "custom",
            path: [s, "items", i, "min"],
            message: "The lowest value must not be above the highest",
          });
        }
      });
    });
  });

const name = required("Template name", 120);
const description = text("Description", 1000);

/** POST /api/audit-templates: a new template (from blank, or from a copy of the standard one). */
export const TemplateCreateSchema = z
  .object({
    name,
    description: description.optional().default(""),
    sections: sectionsSchema,
    /** A client's id for this template: a retried create answers the template made the first time. */
    clientId: id.optional(),
  })
  .strict();
export type TemplateCreate = z.output<typeof TemplateCreateSchema>;
export type TemplateCreateInput = z.input<typeof TemplateCreateSchema>;

/** PATCH /api/audit-templates/{id}: a changed content publishes the next version. */
export const TemplatePatchSchema = z
  .object({
    name,
    description,
    sections: sectionsSchema,
    /** The version the edit was made on: a newer one answers 409 rather than being overwritten. */
    baseVersion: z.number().int().min(1).max(1e9).optional(),
  })
  .partial()
  .strict();
export type TemplatePatch = z.output<typeof TemplatePatchSchema>;

/** POST /api/audit-templates/import: a CSV file's text (section, question, guidance, answer set). */
export const TemplateImportSchema = z
  .object({
    name,
    description: description.optional().default(""),
    csv: z
      .string({ error: "The CSV file must be text" })
      .min(1, "The CSV file is empty")
      .max(MAX_CSV_BYTES, `The CSV file must be at most ${MAX_CSV_BYTES / 1024} KB`),
    clientId: id.optional(),
  })
  .strict();
export type TemplateImport = z.output<typeof TemplateImportSchema>;

const ItemDefOut = z.object({
  id: z.string(),
  question: z.string(),
  guidance: z.string(),
  answerSet: z.enum(ANSWER_SETS),
  unit: z.string(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  photoOnNc: z.boolean(),
  riskOnNc: z.boolean(),
  weight: z.number(),
});
export const TemplateDefinitionSchema = z.object({
  sections: z.array(z.object({ id: z.string(), title: z.string(), items: z.array(ItemDefOut) })),
});

/** A template as the API answers it; `version` is the one new audits are started with. */
export const AuditTemplateApiSchema = TemplateDefinitionSchema.extend({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  builtIn: z.boolean(),
  archived: z.boolean(),
  itemCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type AuditTemplateApi = z.infer<typeof AuditTemplateApiSchema>;

export const AuditTemplateListSchema = z.object({
  templates: z.array(AuditTemplateApiSchema.omit({ sections: true })),
});
export type AuditTemplateList = z.infer<typeof AuditTemplateListSchema>;

export const TemplateListQuerySchema = z.object({
  archived: z.enum(["true", "false"], { error: 'Archived must be "true" or "false"' }).optional(),
});

/** The template an audit was started with, as GET /api/audits/{id} shows it (any client renders it). */
export const AuditTemplateRefSchema = TemplateDefinitionSchema.extend({
  id: z.string(),
  name: z.string(),
  version: z.string(),
});
export type AuditTemplateRef = z.infer<typeof AuditTemplateRefSchema>;

/** The built-in template (SPEC §9) in the definition every template uses. */
export const STANDARD_TEMPLATE: AuditTemplateRef & { description: string } = {
  id: STANDARD_TEMPLATE_ID,
  name: "UK site safety (standard)",
  description: "The built-in 27-item site safety audit (CDM 2015, WAHR, LOLER, COSHH, RIDDOR).",
  version: AUDIT_TEMPLATE_VERSION,
  sections: AUDIT_SECTIONS.map((s) => ({
    id: s.id,
    title: s.title,
    items: AUDIT_TEMPLATE.filter((i) => i.section === s.id).map((i) => ({
      id: i.id,
      question: i.question,
      guidance: "",
      answerSet: "cinna" as const,
      unit: "",
      min: null,
      max: null,
      photoOnNc: false,
      riskOnNc: true,
      weight: 1,
    })),
  })),
};

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
