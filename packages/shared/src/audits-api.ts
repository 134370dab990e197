// The server's audits API (issue 25, decision 0026): what a client sends to create, answer, sign and
// complete an audit, and the shapes it gets back. The device's own storage shapes stay in audits.ts.
import { z } from "zod";
import { ActivityOtherSchema } from "./activity";
import { AUDIT_STATUSES, ITEM_STATUSES } from "./audit-scoring";
import { AUDIT_TEMPLATE_VERSION } from "./audit-template";
import { AuditTemplateRefSchema, STANDARD_TEMPLATE_ID } from "./audit-templates";
import { AuditFormDataSchema, BackupEntrySchema, BackupPhotoSchema } from "./audits";
import { PageQuerySchema } from "./pagination";
import { plainString } from "./text";

/** The built-in template (SPEC §9), used when a new audit names none. */
export { STANDARD_TEMPLATE_ID };
export const AUDIT_TEMPLATES = [{ id: STANDARD_TEMPLATE_ID, version: AUDIT_TEMPLATE_VERSION }] as const;

export const MAX_AUDIT_PHOTOS_PER_ITEM = 20;
/** Photos of one audit in all: bounds what one audit PDF holds in memory while it renders. */
export const MAX_AUDIT_PHOTOS = 100;
/** A signature image (PNG/JPEG/WebP data URL) up to this many bytes once decoded. */
export const MAX_SIGNATURE_BYTES = 1024 * 1024;

const MAX_EPOCH = 253_402_300_799; // 9999-12-31
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (label: string, max: number) =>
  plainString({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);

const level = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(1, `${label} must be a whole number from 1 to 5`)
    .max(5, `${label} must be a whole number from 1 to 5`)
    .nullable();

const epoch = (label: string) =>
  z
    .number({ error: `${label} must be a date` })
    .int(`${label} must be a date`)
    .min(0, `${label} must be a date`)
    .max(MAX_EPOCH, `${label} must be a date`);

/** "YYYY-MM-DD" as typed in the dialog; stored as the epoch seconds of that day's UTC midnight. */
const auditDate = z
  .string({ error: "Audit date is required" })
  .regex(ISO_DATE, "Audit date must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Audit date must be a date (YYYY-MM-DD)");

/** A day in a query ("YYYY-MM-DD"), named in its message. */
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(ISO_DATE, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date (YYYY-MM-DD)`);

/** A device's id for an audit it already holds: makes the upload of that audit idempotent. */
const clientId = z
  .string({ error: "Client id must be text" })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, "Client id must be 1 to 64 letters, digits, dashes or underscores");

/** POST /api/audits: the New Site Audit dialog's fields, and the template (the standard one by default). */
export const AuditCreateSchema = z.object({
  projectId: z.string({ error: "Please select a project" }).trim().min(1, "Please select a project").max(64),
  /** The standard template, or one of the workspace's (decision 0028); its current version is kept. */
  templateId: z
    .string({ error: "Template must be one of your workspace's templates" })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Template must be one of your workspace's templates")
    .optional()
    .default(STANDARD_TEMPLATE_ID),
  auditDate,
  notes: text("Notes", 2000).trim().optional().default(""),
  clientId: clientId.optional(),
  /**
   * When the device made the audit (epoch seconds), for one made offline and sent later with its
   * `clientId`: kept unless it is in the future (then the server's time), so that signatures made
   * offline before the sync are not "before the audit was created".
   */
  createdAt: epoch("Created time").optional(),
});
export type AuditCreate = z.output<typeof AuditCreateSchema>;

/** The fields of one checklist answer; any subset may be sent, the rest stay as they are. */
export const AnswerPatchSchema = z
  .object({
    status: z.enum(ITEM_STATUSES, { error: 'Status must be one of "", "C", "I", "NC", "N/A"' }),
    notes: text("Notes", 5000),
    riskSeverity: level("Severity"),
    riskLikelihood: level("Likelihood"),
    actionOwner: text("Action owner", 200).trim(),
    dueDate: epoch("Due date").nullable(),
    /** The answer of a number item (a plain decimal, '' to clear) or a text item (decision 0028). */
    value: text("Answer", 2000).trim(),
  })
  .partial()
  .strict();
export type AnswerPatch = z.infer<typeof AnswerPatchSchema>;

/**
 * What makes an answer change follow the no-silent-overwrite rule (decision 0038): the item's
 * `version` the change was made on (from the audit as last read), and `deviceAt`, when the change
 * was made on the device (epoch seconds; a change queued offline is older than one that reached the
 * server after it was made). Without `version` the change is last write wins, as before.
 */
const mergeFields = {
  version: z
    .number({ error: "Version must be a whole number" })
    .int("Version must be a whole number")
    .min(0, "Version must be a whole number")
    .max(2_147_483_647, "Version must be a whole number")
    .optional(),
  deviceAt: epoch("Device time").optional(),
};

export const ItemAnswerSchema = AnswerPatchSchema.extend({
  itemId: z.string({ error: "Item id must be text" }).min(1, "Item id is required").max(64),
  ...mergeFields,
}).strict();

/** PATCH /api/audits/{id}/items/{itemId}: one item's fields, with the version it was made on. */
export const ItemPatchSchema = AnswerPatchSchema.extend(mergeFields).strict();
export type ItemPatch = z.infer<typeof ItemPatchSchema>;

/**
 * A signature: a data URL of a PNG, JPEG or WebP image (what signature_pad draws), or '' to clear
 * it. Whether the bytes really are an image is checked by the server, not by this pattern.
 */
const signature = z
  .string({ error: "A signature must be an image" })
  .max(Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 64, "A signature must be at most 1 MB")
  .regex(/^(|data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2})$/, "A signature must be an image");

/** PATCH /api/audits/{id}: any subset; `answers` changes only the items and fields named. */
export const AuditPatchSchema = z
  .object({
    auditDate,
    notes: text("Notes", 2000).trim(),
    formData: AuditFormDataSchema.partial().strict(),
    answers: z.array(ItemAnswerSchema).max(500, "At most 500 answers can be sent at once"),
    auditorSignature: signature,
    /**
     * When the device's user signed (epoch seconds), sent with the signature: kept unless it is
     * ahead of the server's clock by more than a few minutes or before the audit was created (then
     * the server's time). Without it a signature is stamped with the time it arrives.
     */
    auditorSignedAt: epoch("The auditor's signing time"),
    siteRepName: text("Site representative's name", 200).trim(),
    siteRepSignature: signature,
    siteRepSignedAt: epoch("The site representative's signing time"),
    status: z.enum(AUDIT_STATUSES, { error: 'Status must be "draft" or "completed"' }),
  })
  .partial()
  .strict();
export type AuditPatch = z.infer<typeof AuditPatchSchema>;

export const AuditListQuerySchema = PageQuerySchema.extend({
  projectId: z.string().max(64).optional(),
  status: z.enum(AUDIT_STATUSES, { error: 'Status must be "draft" or "completed"' }).optional(),
  auditorId: z.string().max(64).optional(),
  /** The same filter as `auditorId` (the name for it). */
  auditor: z.string().max(64).optional(),
  /** Audit dates from / to (inclusive), "YYYY-MM-DD". */
  from: day("From date").optional(),
  to: day("To date").optional(),
  /** The audit a device uploaded under this id (its own id for the audit), if it reached the server. */
  clientId: clientId.optional(),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

export const AuditPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  sha256: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});

export const AuditItemSchema = z.object({
  id: z.string(),
  section: z.string(),
  sectionTitle: z.string(),
  question: z.string(),
  status: z.enum(ITEM_STATUSES),
  /** A number or text item's answer ('' for the others); absent in revisions signed before 0028. */
  value: z.string().optional(),
  notes: z.string(),
  riskSeverity: z.number().nullable(),
  riskLikelihood: z.number().nullable(),
  riskScore: z.number(),
  actionOwner: z.string(),
  dueDate: z.number().nullable(),
  photos: z.array(AuditPhotoSchema),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
  /** Rises with every change of this item's answer (decision 0038); absent in older revisions. */
  version: z.number().optional(),
});
export type AuditItem = z.infer<typeof AuditItemSchema>;

export const SignatureSchema = z.object({ url: z.string(), signerName: z.string(), signedAt: z.number() });
export type Signature = z.infer<typeof SignatureSchema>;

export const AuditSummaryApiSchema = z
  .object({
    id: z.string(),
    clientId: z.string().nullable(),
    projectId: z.string(),
    projectName: z.string(),
    auditorId: z.string().nullable(),
    auditorName: z.string(),
    status: z.enum(AUDIT_STATUSES),
    revision: z.number(),
    templateId: z.string(),
    templateVersion: z.string(),
    auditDate: z.number(),
    overallScore: z.number(),
    totalItems: z.number(),
    passedItems: z.number(),
    failedItems: z.number(),
    notes: z.string(),
    completedAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .meta({ id: "AuditSummary" });
export type AuditSummaryApi = z.infer<typeof AuditSummaryApiSchema>;

export const AuditApiSchema = AuditSummaryApiSchema.extend({
  formData: AuditFormDataSchema.partial(),
  items: z.array(AuditItemSchema),
  auditorSignature: SignatureSchema.nullable(),
  siteRepName: z.string(),
  siteRepSignature: SignatureSchema.nullable(),
  /** The template version the audit was started with, so any client can render it (decision 0028). */
  template: AuditTemplateRefSchema.optional(),
  /** Earlier signed revisions, readable at /api/audits/{id}/revisions/{revision}. */
  revisions: z.array(z.object({ revision: z.number(), completedAt: z.number() })),
}).meta({ id: "Audit" });
export type AuditApi = z.infer<typeof AuditApiSchema>;

export const AuditListSchema = z.object({
  audits: z.array(AuditSummaryApiSchema),
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof AuditListSchema>;

/** One entry of an audit's answer history: who changed which item's fields, from what to what. */
export const AnswerHistoryEntrySchema = z.object({
  itemId: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  changes: z.record(
    z.string(),
    z.object({
      from: z.unknown(),
      to: z.unknown(),
      /** Applied over another person's answer made since the version this change was made on. */
      replaced: ActivityOtherSchema.optional(),
      /** Not applied: made on the device before another person's answer reached the server. */
      supersededBy: ActivityOtherSchema.optional(),
    }),
  ),
  /** Set when the change replaced another person's answer (kept here). */
  overwrote: z.string().nullable(),
  /** When the change was made on the device, if it said (decision 0038). */
  deviceAt: z.number().nullable().optional(),
  at: z.number(),
});
export type AnswerHistoryEntry = z.infer<typeof AnswerHistoryEntrySchema>;

/** Photos one device audit may carry up (POST /api/audits/import): as many as an audit may have. */
export const MAX_IMPORTED_PHOTOS = MAX_AUDIT_PHOTOS;

/**
 * POST /api/audits/import: one audit as this browser keeps it and as a backup file holds it
 * (summary, detail, photos in base64). The device's audit id makes the upload idempotent.
 */
export const AuditImportSchema = BackupEntrySchema.extend({
  photos: z
    .array(BackupPhotoSchema)
    .max(MAX_IMPORTED_PHOTOS, `An audit can bring at most ${MAX_IMPORTED_PHOTOS} photos with it`),
});
export type AuditImport = z.infer<typeof AuditImportSchema>;

export { MAX_EPOCH as AUDIT_MAX_EPOCH };

/** GET /api/audits/trends: the audits page's trends, from the workspace's audits. */
export const AuditTrendsQuerySchema = z.object({
  projectId: z.string().max(64).optional(),
  from: day("From date").optional(),
  to: day("To date").optional(),
});
export type AuditTrendsQuery = z.output<typeof AuditTrendsQuerySchema>;

export const AuditTrendsSchema = z.object({
  /** Completed audits' compliance scores per project, oldest first. */
  scores: z.array(
    z.object({
      projectId: z.string(),
      projectName: z.string(),
      points: z.array(z.object({ auditId: z.string(), auditDate: z.number(), score: z.number() })),
    }),
  ),
  /** The items most often answered non-compliant, most frequent first. */
  frequentNonCompliant: z.array(
    z.object({ itemId: z.string(), question: z.string(), sectionTitle: z.string(), count: z.number() }),
  ),
  /** Non-compliant items with an action owner and a due date, soonest due first. */
  openActions: z.array(
    z.object({
      auditId: z.string(),
      projectName: z.string(),
      itemId: z.string(),
      question: z.string(),
      actionOwner: z.string(),
      dueDate: z.number(),
      riskScore: z.number(),
    }),
  ),
});
export type AuditTrends = z.infer<typeof AuditTrendsSchema>;
