import { z } from "zod";
import { PRIORITIES, REPORT_STATUSES } from "./enums";
import { MAX_PHOTOS_PER_REPORT } from "./limits";
import { locationId } from "./locations";
import { PageQuerySchema } from "./pagination";
import { plainString } from "./text";
import { CategoryKeySchema } from "./trades";

export { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_REPORT } from "./limits";

export const AttachmentSchema = z
  .object({
    id: z.string(),
    /** Same-origin URL of the display copy (at most 2048 px on the long edge, metadata stripped). */
    file_path: z.string(),
    original_name: z.string(),
    /** Same-origin URL of the ~400 px thumbnail, for lists. */
    thumbnail_path: z.string().nullable(),
    content_type: z.string(),
    size_bytes: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    /** `evidence`: the snag as found; `fix`: sent with the change that marked it resolved (issue 23). */
    kind: z.enum(["evidence", "fix"]),
    /** SHA-256 (hex) of the stored display file: the evidence fingerprint printed in the PDF. */
    sha256: z.string().nullable(),
    created_at: z.number(),
  })
  .meta({ id: "Attachment" });
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A snagging report as the API answers it (SPEC §3). */
export const ReportSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(REPORT_STATUSES),
    priority: z.enum(PRIORITIES),
    /** A trade's key (issue 36): one of SPEC's seven or one the workspace added. */
    category: z.string(),
    /** A member's id, or a contact's (an external assignee, issue 27). */
    assignedTo: z.string().nullable(),
    assignedToName: z.string().nullable(),
    /** The contact's company when the assignee is a contact; null for a member (or nobody). */
    assigneeCompany: z.string().nullable().optional(),
    createdByName: z.string().nullable(),
    dueDate: z.number().nullable(),
    createdAt: z.number(),
    locationLat: z.number().nullable(),
    locationLng: z.number().nullable(),
    pageUrl: z.string().nullable(),
    /** Raised by every change; an edit sends the one it was made on (issue 23). */
    version: z.number(),
    /** The author's id: with `verifiedClosing`, they (or a workspace owner) verify and close. */
    createdBy: z.string().nullable(),
    /** Fixes rejected at verification so far. */
    rejectionCount: z.number(),
    /** The project's workflow settings (issue 23), so screens offer only what the server allows. */
    requireEvidenceToClose: z.boolean(),
    verifiedClosing: z.boolean(),
    attachments: z.array(AttachmentSchema),
    /** The report's pin on a drawing (issue 24): a sheet of its project and a position in 0–1, or null. */
    sheetId: z.string().nullable(),
    pinX: z.number().nullable(),
    pinY: z.number().nullable(),
    /** The report's place in the project's location tree (issue 36), or null; its path for display. */
    locationId: z.string().nullable(),
    locationPath: z.string().nullable(),
  })
  .meta({ id: "Report" });
export type Report = z.infer<typeof ReportSchema>;

/**
 * GET /api/snagging. `nextCursor` is there when a page was asked for or the unpaged list was cut at
 * its cap. The server writes this answer from this schema (fields not in it are never sent).
 */
export const ReportListSchema = z.object({
  reports: z.array(ReportSchema),
  nextCursor: z.string().nullable().optional(),
});
export type ReportList = z.infer<typeof ReportListSchema>;

/** Filters shared by GET /api/snagging and GET /api/snagging/counts, applied on the server. */
export const ReportFilterSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: "Status must be open, in-progress, resolved or closed" }).optional(),
  priority: z.enum(PRIORITIES, { error: "Priority must be low, medium, high or critical" }).optional(),
  projectId: z.string().max(64).optional(),
  /** A trade's key (issue 36): reports filed under it. */
  category: CategoryKeySchema.optional(),
  /**
   * `me` (issue 23): reports assigned to the caller that are open or in progress, and resolved
   * reports waiting for the caller's verification (verified closing; creator or workspace owner).
   */
  waitingFor: z.literal("me", { error: "waitingFor can only be me" }).optional(),
  /** A member's or a contact's id, or `unassigned` (issue 27): reports assigned to them. */
  assignedTo: plainString({ error: "Assignee must be a member or a contact of your workspace" })
    .trim()
    .max(64, "Assignee must be a member or a contact of your workspace")
    .optional(),
  /** Reports at this location or anywhere under it (issue 36). */
  locationId: locationId().optional(),
  /** Every word must appear in the title or the description (case-insensitive). */
  search: plainString({ error: "Search must be text" })
    .trim()
    .max(200, "Search must be at most 200 characters")
    .optional(),
});
export type ReportFilter = z.output<typeof ReportFilterSchema>;

export const ReportListQuerySchema = ReportFilterSchema.extend(PageQuerySchema.shape);
export type ReportListQuery = z.output<typeof ReportListQuerySchema>;

/** GET /api/snagging/counts: reports per status matching the filters (the status filter aside). */
export const ReportCountsQuerySchema = ReportFilterSchema.omit({ status: true });
export type ReportCounts = { all: number; open: number; "in-progress": number; resolved: number; closed: number };

// Multipart fields arrive as strings: "" means "not given", numbers are parsed here so the JSON
// and the multipart forms of a request share one schema.
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const toNumber = (v: unknown) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

const STATUS_MESSAGE = "Status must be open, in-progress, resolved or closed";
const PRIORITY_MESSAGE = "Priority must be low, medium, high or critical";
const MAX_EPOCH = 253_402_300_799; // 9999-12-31

const status = z.enum(REPORT_STATUSES, { error: STATUS_MESSAGE });
const priority = z.enum(PRIORITIES, { error: PRIORITY_MESSAGE });
const category = CategoryKeySchema;
const description = plainString({ error: "Description must be text" }).max(
  20_000,
  "Description must be at most 20000 characters",
);
const assignedTo = z.preprocess(
  blankToNull,
  plainString({ error: "Assignee must be a member or a contact of your workspace" }).max(64).nullable(),
);
const dueDate = z.preprocess(
  (v) => toNumber(blankToNull(v)),
  z
    .number({ error: "Due date must be a date" })
    .int("Due date must be a date")
    .min(0, "Due date must be a date")
    .max(MAX_EPOCH, "Due date must be a date")
    .nullable(),
);
const coordinate = (max: number, name: string) =>
  z.preprocess(
    (v) => toNumber(blankToNull(v)),
    z
      .number({ error: `${name} must be a number from -${max} to ${max}` })
      .min(-max, `${name} must be a number from -${max} to ${max}`)
      .max(max, `${name} must be a number from -${max} to ${max}`)
      .nullable(),
  );
const pageUrl = z.preprocess(
  blankToNull,
  plainString({ error: "Page URL must be a web address" })
    .max(2048, "Page URL must be at most 2048 characters")
    // A same-origin path or an http(s) address: never javascript: or data: (it may become a link).
    .regex(/^(\/(?!\/)|https?:\/\/)/i, "Page URL must be a web address")
    .nullable(),
);

const bothOrNeither = (v: { locationLat?: number | null; locationLng?: number | null }) =>
  (v.locationLat == null) === (v.locationLng == null);
const LOCATION_PAIR = { path: ["locationLng"], message: "Latitude and longitude must be given together" };

/**
 * POST /api/snagging fields (multipart or JSON). The title is the reference: the server keeps a
 * valid unused one and draws a new one otherwise, so it is not validated here beyond its length.
 */
export const ReportCreateSchema = z
  .object({
    projectId: plainString({ error: "Project is required" }).trim().min(1, "Project is required").max(64),
    // Anything but a string counts as absent; an invalid string is replaced by the server, not refused.
    title: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v : undefined), z.string().optional()),
    description: z.preprocess((v) => v ?? "", description),
    category: z.preprocess(blankToUndefined, category.default("other")),
    priority: z.preprocess(blankToUndefined, z.enum(PRIORITIES, { error: "Priority is required" })),
    status: z.preprocess(blankToUndefined, status.default("open")),
    assignedTo: assignedTo.optional().default(null),
    dueDate: dueDate.optional().default(null),
    pageUrl: pageUrl.optional().default(null),
    locationLat: coordinate(90, "Latitude").optional().default(null),
    locationLng: coordinate(180, "Longitude").optional().default(null),
  })
  .refine(bothOrNeither, LOCATION_PAIR);
export type ReportCreateInput = z.input<typeof ReportCreateSchema>;
export type ReportCreate = z.output<typeof ReportCreateSchema>;

/** PATCH from the detail screen's Change Status buttons. */
export const ReportStatusSchema = z.object({ status });
export type ReportStatusChange = z.infer<typeof ReportStatusSchema>;

/**
 * PATCH /api/snagging/{id}: `{status}` alone, or the edit form's fields; every field optional.
 * The title is read-only and the project cannot change: both are accepted only unchanged (the edit
 * form sends them back), which the server checks against the stored report.
 */
export const ReportPatchSchema = z
  .object({
    status: z.preprocess(blankToUndefined, status.optional()),
    title: z.preprocess(blankToUndefined, plainString().max(64).optional()),
    projectId: z.preprocess(blankToUndefined, plainString().max(64).optional()),
    description: description.optional(),
    category: z.preprocess(blankToUndefined, category.optional()),
    priority: z.preprocess(blankToUndefined, priority.optional()),
    assignedTo: assignedTo.optional(),
    dueDate: dueDate.optional(),
    pageUrl: pageUrl.optional(),
    locationLat: coordinate(90, "Latitude").optional(),
    locationLng: coordinate(180, "Longitude").optional(),
    /**
     * The report's `version` the edit was made on (issue 23): changes since then to other fields are
     * kept, and a field someone else changed meanwhile is never overwritten silently.
     */
    version: z.preprocess(
      (v) => toNumber(blankToUndefined(v)),
      z
        .number({ error: "Version must be a whole number" })
        .int("Version must be a whole number")
        .min(1, "Version must be a whole number")
        .max(2_000_000_000, "Version must be a whole number")
        .optional(),
    ),
    /** Multipart PATCH only: attachments to remove (new photos come as `images` parts). */
    removeAttachmentIds: z
      .array(plainString().max(64), { error: "removeAttachmentIds must be a list of attachment ids" })
      .max(MAX_PHOTOS_PER_REPORT)
      .optional(),
  })
  .refine((v) => (v.locationLat === undefined) === (v.locationLng === undefined) && bothOrNeither(v), LOCATION_PAIR);
export type ReportPatchInput = z.input<typeof ReportPatchSchema>;
export type ReportPatch = z.output<typeof ReportPatchSchema>;

/** POST /api/snagging/{id}/verification (issue 23): accept → closed, reject → open with a reason. */
export const VerificationSchema = z.preprocess(
  // Anything but an object is a body without a decision: the same sentence, not a type error.
  (v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {}),
  z
    .object({
      decision: z.enum(["accept", "reject"], { error: "Decision must be accept or reject" }),
      reason: z.preprocess(
        blankToUndefined,
        plainString({ error: "The reason must be text" })
          .trim()
          .max(2000, "The reason must be at most 2000 characters")
          .optional(),
      ),
    })
    .refine((v) => v.decision === "accept" || (v.reason ?? "").length > 0, {
      path: ["reason"],
      message: "Say why the fix is rejected",
    }),
);
export type Verification = z.output<typeof VerificationSchema>;
