// Share links (issue 27): a set of a project's snags shared with someone who has no account.
import { z } from "zod";
import { PRIORITIES, REPORT_STATUSES } from "./enums";
import { SnagFilterSchema } from "./snag-list";
import { plainString } from "./text";

export const DEFAULT_SHARE_DAYS = 30;
export const MAX_SHARE_DAYS = 365;
/** Reports one link page shows at most (newest first). */
export const MAX_SHARED_REPORTS = 500;
export const MAX_FIX_PHOTOS = 5;
export const MAX_FIX_NOTE = 1000;

/** POST /api/projects/{id}/share-links */
export const ShareLinkCreateSchema = z.object({
  name: plainString({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(80, "Name must be at most 80 characters"),
  /** Share everything assigned to this member or contact. */
  assigneeId: plainString({ error: "Assignee must be a member or a contact of your workspace" })
    .trim()
    .max(64, "Assignee must be a member or a contact of your workspace")
    .nullish(),
  /** Share the reports matching this filter (the list's current one). */
  filter: SnagFilterSchema.omit({ assigneeId: true }).optional(),
  expiresInDays: z
    .number({ error: `Expiry must be a whole number of days from 1 to ${MAX_SHARE_DAYS}` })
    .int(`Expiry must be a whole number of days from 1 to ${MAX_SHARE_DAYS}`)
    .min(1, `Expiry must be a whole number of days from 1 to ${MAX_SHARE_DAYS}`)
    .max(MAX_SHARE_DAYS, `Expiry must be a whole number of days from 1 to ${MAX_SHARE_DAYS}`)
    .default(DEFAULT_SHARE_DAYS),
  /** Email the link to this address (a contact's, prefilled) as well as answering it. */
  sendTo: plainString({ error: "Enter a valid email address to send the link to" })
    .trim()
    .max(254, "Enter a valid email address to send the link to")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter a valid email address to send the link to")
    .nullish(),
});
export type ShareLinkCreateInput = z.input<typeof ShareLinkCreateSchema>;
export type ShareLinkCreate = z.output<typeof ShareLinkCreateSchema>;

export const ShareLinkCreatedSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.number(),
  emailedTo: z.string().nullable(),
});
export type ShareLinkCreated = z.infer<typeof ShareLinkCreatedSchema>;

/** A link as the project's owners and members see it (never its token). */
export const ShareLinkSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    assigneeId: z.string().nullable(),
    assigneeName: z.string().nullable(),
    filter: SnagFilterSchema,
    createdByName: z.string().nullable(),
    createdAt: z.number(),
    expiresAt: z.number(),
    revokedAt: z.number().nullable(),
    lastUsedAt: z.number().nullable(),
    state: z.enum(["active", "expired", "revoked"]),
    views: z.number().int(),
    fixes: z.number().int(),
  })
  .meta({ id: "ShareLink" });
export type ShareLink = z.infer<typeof ShareLinkSchema>;
/** GET /api/projects/{id}/share-links */
export const ShareLinkListSchema = z.object({ shareLinks: z.array(ShareLinkSchema) });

/** One photo of a shared snag. */
export const SharedPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  location: z.string(),
  description: z.string(),
});
export type SharedPhoto = z.infer<typeof SharedPhotoSchema>;

/**
 * Where a shared snag is on its drawing: the sheet's name and level, the pin's position (0–1 across
 * and down) and a crop of the plan around it with the pin drawn, served only through the link.
 */
export const SharedPlanSchema = z.object({
  sheetName: z.string(),
  level: z.string(),
  x: z.number(),
  y: z.number(),
  /** `/api/share/{token}/reports/{id}/plan?v=…`: a JPEG crop, nothing else of the sheet. */
  imageUrl: z.string(),
});
export type SharedPlan = z.infer<typeof SharedPlanSchema>;

/** A snag as the person holding a link sees it: no names of the workspace's people. */
export const SharedReportSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(REPORT_STATUSES),
    priority: z.enum(PRIORITIES),
    dueDate: z.number().nullable(),
    location: z.string(),
    description: z.string(),
    locationLat: z.number().nullable(),
    locationLng: z.number().nullable(),
    photos: z.array(SharedPhotoSchema),
    /** Its pin on the plan, when it has one on a sheet that has rendered. */
    plan: SharedPlanSchema.nullable(),
  })
  .meta({ id: "SharedReport" });
export type SharedReport = z.infer<typeof SharedReportSchema>;
/** POST /api/share/{token}/reports/{reportId}/fix */
export const SharedReportAnswerSchema = z.object({ report: SharedReportSchema });

/** GET /api/share/{token} */
export const ShareViewSchema = z.object({
  name: z.string(),
  projectName: z.string(),
  expiresAt: z.number(),
  reports: z.array(SharedReportSchema),
  /** True when the set holds more than MAX_SHARED_REPORTS reports (the newest are shown). */
  isTruncated: z.boolean(),
});
export type ShareView = z.infer<typeof ShareViewSchema>;

/** POST /api/share/{token}/reports/{reportId}/fix: multipart `images` (≥ 1) and `note`. */
export const ShareFixSchema = z.object({
  note: z.preprocess(
    (v) => v ?? "",
    plainString({ error: "The note must be text" })
      .trim()
      .max(MAX_FIX_NOTE, `The note must be at most ${MAX_FIX_NOTE} characters`),
  ),
});

/** Event kinds recorded on a report for what happened through a link. */
export const ShareEventSchema = z.object({
  id: z.string(),
  kind: z.enum(["view", "fix"]),
  linkName: z.string(),
  note: z.string().nullable(),
  at: z.number(),
});
export type ShareEvent = z.infer<typeof ShareEventSchema>;
/** GET /api/snagging/{id}/link-activity */
export const ShareEventListSchema = z.object({ events: z.array(ShareEventSchema) });
