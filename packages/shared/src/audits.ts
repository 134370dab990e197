// Shapes of a site audit as the browser keeps it (SPEC §3, DESIGN §5) and of the backup file an
// audit travels in between devices. Audits never reach the server; these schemas guard what is
// read back from storage and, above all, what a user imports from a file.
import { z } from "zod";
import { AUDIT_STATUSES, ITEM_STATUSES } from "./audit-scoring";
import { AUDIT_TEMPLATE, AUDIT_TEMPLATE_VERSION, PROJECT_TYPES } from "./audit-template";
import { type AuditTemplateRef, AuditTemplateRefSchema, templateItems } from "./audit-templates";
import { plainString } from "./text";

const text = (max: number) => plainString().max(max, `Must be at most ${max} characters`);
const level = z.number().int().min(1).max(5).nullable();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The New Site Audit dialog (SPEC §5). */
export const NewAuditInputSchema = z.object({
  projectId: z.string({ error: "Please select a project" }).trim().min(1, "Please select a project"),
  auditDate: z
    .string({ error: "Audit date is required" })
    .regex(ISO_DATE, "Audit date is required")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Audit date is required"),
  notes: text(2000).trim().optional().default(""),
  /** The template to start with (decision 0028): the standard one unless another is picked. */
  templateId: z.string().max(64).optional(),
});
export type NewAuditInput = z.input<typeof NewAuditInputSchema>;
export type NewAuditValues = z.output<typeof NewAuditInputSchema>;

export const AuditSummarySchema = z.object({
  id: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  projectId: z.string().max(64),
  projectName: text(200),
  auditDate: z.number().int(),
  auditorName: text(200),
  status: z.enum(AUDIT_STATUSES),
  overallScore: z.number().int().min(0).max(100),
  totalItems: z.number().int().min(0),
  passedItems: z.number().int().min(0),
  failedItems: z.number().int().min(0),
  notes: text(2000),
  templateVersion: z.string().max(64),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type AuditSummary = z.infer<typeof AuditSummarySchema>;

export const AuditFormDataSchema = z.object({
  projectType: z.array(z.enum(PROJECT_TYPES)),
  projectName: text(200),
  siteAddress: text(500),
  principalContractor: text(200),
  auditorName: text(200),
  auditorRole: text(200),
  auditDate: z.string().max(10),
  auditTime: z.string().max(5),
  weather: text(200),
  shift: text(100),
  inductionConfirmed: z.boolean(),
  siteContact: text(200),
  siteContactTel: text(50),
});
export type AuditFormData = z.infer<typeof AuditFormDataSchema>;

/** `pending`: queued offline; `id` is the queue's tempId until the report reaches the server. */
export const SnagLinkSchema = z.object({
  id: z.string().max(100),
  reference: text(64),
  pending: z.boolean().optional(),
});
export type SnagLink = z.infer<typeof SnagLinkSchema>;

export const ChecklistItemSchema = z.object({
  id: z.string().max(64),
  section: z.string().max(64),
  question: text(1000),
  status: z.enum(ITEM_STATUSES),
  notes: text(5000),
  riskSeverity: level,
  riskLikelihood: level,
  actionOwner: text(200),
  /** Epoch seconds (UTC midnight of the chosen day) or null. */
  dueDate: z.number().int().nullable(),
  /** Ids of photos kept beside the audit (IndexedDB), in the order taken. */
  photos: z.array(z.string().max(64)).max(20),
  snag: SnagLinkSchema.nullable().default(null),
  /** A number or text item's answer (custom templates, decision 0028). */
  value: text(2000).optional(),
  /**
   * When this item's answer was last saved on the device (epoch seconds): sent with the change as
   * its device time, so an answer saved offline is older than one made meanwhile (decision 0038).
   */
  changedAt: z.number().int().optional(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

export const AuditDetailSchema = z.object({
  auditId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  templateVersion: z.string().max(64),
  /** The audit's general notes (the New Site Audit dialog's notes, editable on the page). */
  notes: text(2000).default(""),
  formData: AuditFormDataSchema,
  checklist: z.array(ChecklistItemSchema).max(200),
  /** The custom template (at its version) the audit was started with; absent for the standard one. */
  template: AuditTemplateRefSchema.optional(),
  /** PNG data URLs; '' when unsigned. */
  auditorSignature: z.string().max(2_000_000),
  auditorSignedAt: z.number().int().nullable(),
  siteRepName: text(200),
  siteRepSignature: z.string().max(2_000_000),
  siteRepSignedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
});
export type AuditDetail = z.infer<typeof AuditDetailSchema>;

/** A fresh checklist from the standard template (or the custom one given), nothing assessed. */
export function newChecklist(template?: AuditTemplateRef): ChecklistItem[] {
  const items = template
    ? templateItems(template).map((t) => ({ id: t.id, section: t.sectionId, question: t.question }))
    : AUDIT_TEMPLATE;
  return items.map((t) => ({
    id: t.id,
    section: t.section,
    question: t.question,
    status: "",
    notes: "",
    riskSeverity: null,
    riskLikelihood: null,
    actionOwner: "",
    dueDate: null,
    photos: [],
    snag: null,
  }));
}

export { AUDIT_TEMPLATE_VERSION };

// ---- Backup file ----------------------------------------------------------------------------

export const AUDIT_BACKUP_FORMAT = "sitesnag-audit-backup";
export const AUDIT_BACKUP_VERSION = 1;
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const BackupPhotoSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(PHOTO_TYPES),
  /** Base64 of the image bytes. */
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type BackupPhoto = z.infer<typeof BackupPhotoSchema>;

export const BackupEntrySchema = z.object({
  summary: AuditSummarySchema,
  detail: AuditDetailSchema,
  photos: z.array(BackupPhotoSchema),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

export const AuditBackupSchema = z.object({
  format: z.literal(AUDIT_BACKUP_FORMAT),
  version: z.literal(AUDIT_BACKUP_VERSION),
  exportedAt: z.number().int(),
  audits: z.array(BackupEntrySchema).max(1000),
});
export type AuditBackup = z.infer<typeof AuditBackupSchema>;

export type BackupReadResult =
  | { ok: true; backup: AuditBackup }
  | { ok: false; reason: "foreign" | "corrupt" | "newer"; message: string };

export const BACKUP_MESSAGES = {
  foreign: "This file is not a SiteSnag audit backup.",
  corrupt: "This audit backup is damaged and cannot be read. Nothing was imported.",
  newer: "This audit backup was made by a newer version of SiteSnag. Update the app and try again.",
} as const;

/** Tells a file that is not ours from one of ours that is damaged, so the message can say which. */
export function readAuditBackup(text: string): BackupReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // A cut-off or edited copy of one of ours still names the format near its start.
    const looksOurs = text.slice(0, 200).includes(`"${AUDIT_BACKUP_FORMAT}"`);
    return looksOurs
      ? { ok: false, reason: "corrupt", message: BACKUP_MESSAGES.corrupt }
      : { ok: false, reason: "foreign", message: BACKUP_MESSAGES.foreign };
  }
  if (typeof raw !== "object" || raw === null || (raw as { format?: unknown }).format !== AUDIT_BACKUP_FORMAT) {
    return { ok: false, reason: "foreign", message: BACKUP_MESSAGES.foreign };
  }
  const version = (raw as { version?: unknown }).version;
  if (typeof version === "number" && version > AUDIT_BACKUP_VERSION) {
    return { ok: false, reason: "newer", message: BACKUP_MESSAGES.newer };
  }
  const parsed = AuditBackupSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "corrupt", message: BACKUP_MESSAGES.corrupt };
  for (const entry of parsed.data.audits) {
    if (entry.summary.id !== entry.detail.auditId) {
      return { ok: false, reason: "corrupt", message: BACKUP_MESSAGES.corrupt };
    }
  }
  return { ok: true, backup: parsed.data };
}
