// Audit templates (issue 25, decision 0028): the definition every template is written in — sections
// of items, each with its question, guidance, answer set, what a non-compliance asks for and its
// weight in the score — the built-in standard template expressed in it, the weighted score of any
// template, and the API shapes of workspace templates (create, edit, archive, CSV import). The
// schema-free part (types, score, labels) is audit-template-model.ts, re-exported here.
import { z } from "zod";
import { ANSWER_SETS, MAX_CSV_BYTES, MAX_TEMPLATE_ITEMS, MAX_TEMPLATE_SECTIONS } from "./audit-template-model";
import { plainString } from "./text";

export * from "./audit-template-model";
export { STANDARD_TEMPLATE } from "./audit-template-standard";

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

export const TemplateSectionSchema = z
  .object({
    id: id.optional(),
    title: required("Section title", 200),
    items: z.array(TemplateItemSchema, { error: "A section's items must be a list" }),
  })
  .strict();

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
}).meta({ id: "AuditTemplate" });
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
