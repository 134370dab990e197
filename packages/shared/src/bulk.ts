// Bulk changes (issue 39, decision 0075): POST /api/snagging/bulk applies one set of changes to up
// to 1,000 reports, each under the same rules as a single edit, and answers per report.
import { z } from "zod";
import { PRIORITIES, REPORT_STATUSES } from "./enums";
import { UUID_PATTERN } from "./ids";
import { plainString } from "./text";
import { CategoryKeySchema } from "./trades";

export const MAX_BULK_IDS = 1000;
export const BULK_TOO_MANY = "A bulk change can include at most 1,000 reports.";
export const BULK_NOTHING = "Choose at least one change to make to the selected reports.";
export const BULK_TRASH_ALONE = "Moving reports to the Trash cannot be combined with other changes.";

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const STATUS_MESSAGE = "Status must be open, in-progress, resolved or closed";
const PRIORITY_MESSAGE = "Priority must be low, medium, high or critical";
const MAX_EPOCH = 253_402_300_799;
const LOCATION_NOT_FOUND = "Location not found";

export const BulkChangesSchema = z
  .object({
    /** A member or a contact of the workspace; null unassigns. */
    assignedTo: z
      .preprocess(
        blankToNull,
        plainString({ error: "Assignee must be a member or a contact of your workspace" }).max(64).nullable(),
      )
      .optional(),
    status: z.enum(REPORT_STATUSES, { error: STATUS_MESSAGE }).optional(),
    priority: z.enum(PRIORITIES, { error: PRIORITY_MESSAGE }).optional(),
    /** Epoch seconds of the day, or null to clear it. */
    dueDate: z
      .number({ error: "Due date must be a date" })
      .int("Due date must be a date")
      .min(0, "Due date must be a date")
      .max(MAX_EPOCH, "Due date must be a date")
      .nullable()
      .optional(),
    category: CategoryKeySchema.optional(),
    locationId: z
      .preprocess(
        blankToNull,
        z.string({ error: LOCATION_NOT_FOUND }).regex(UUID_PATTERN, LOCATION_NOT_FOUND).nullable(),
      )
      .optional(),
    /** A comment added to every report (no photos, no mentions). */
    comment: plainString({ error: "Write a comment" })
      .trim()
      .min(1, "Write a comment")
      .max(5000, "A comment can be at most 5,000 characters")
      .optional(),
    /** Moves the reports to the Trash (alone: with no other change). */
    trash: z.literal(true, { error: "trash must be true" }).optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: BULK_NOTHING })
  .refine((c) => !c.trash || Object.values(c).filter((v) => v !== undefined).length === 1, {
    message: BULK_TRASH_ALONE,
  });
export type BulkChanges = z.output<typeof BulkChangesSchema>;

export const BulkRequestSchema = z.object({
  ids: z
    .array(
      z.string({ error: "Each report id must be text" }).max(100, "Each report id must be at most 100 characters"),
      {
        error: "ids must be a list of report ids",
      },
    )
    .min(1, "Choose at least one report.")
    .max(MAX_BULK_IDS, BULK_TOO_MANY),
  changes: BulkChangesSchema,
  /**
   * The version each report was read at (optional, per id): a field someone else changed since is
   * never overwritten silently, as with a single edit.
   */
  versions: z
    .record(
      z.string().max(100),
      z
        .number({ error: "Version must be a whole number" })
        .int("Version must be a whole number")
        .min(1, "Version must be a whole number"),
    )
    .optional(),
});
export type BulkRequest = z.output<typeof BulkRequestSchema>;
export type BulkRequestInput = z.input<typeof BulkRequestSchema>;

/** The changed fields' values before a bulk change, per report: what Undo sets back. */
export const BulkBeforeSchema = z.object({
  assignedTo: z.string().nullable().optional(),
  status: z.enum(REPORT_STATUSES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  dueDate: z.number().nullable().optional(),
  category: z.string().optional(),
  locationId: z.string().nullable().optional(),
});
export type BulkBefore = z.output<typeof BulkBeforeSchema>;

export const BulkResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  error: z.string().optional(),
  /** A report whose fields changed: its version after the change and the fields' values before. */
  version: z.number().optional(),
  before: BulkBeforeSchema.optional(),
});
export type BulkResult = z.output<typeof BulkResultSchema>;

export const BulkResponseSchema = z.object({
  batchId: z.string(),
  results: z.array(BulkResultSchema),
});
export type BulkResponse = z.output<typeof BulkResponseSchema>;

/** GET /api/snagging/ids: the ids matching the list's filters, newest first, at most 1,000 ("Select all N matching"). */
export const ReportIdsSchema = z.object({ ids: z.array(z.string()), total: z.number() });
export type ReportIds = z.output<typeof ReportIdsSchema>;
