// Share links (issue 27): a set of a project's snags shared with someone who has no account.
import { z } from "zod";
import type { PRIORITIES, REPORT_STATUSES } from "./enums";
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

export type ShareLinkCreated = {
  id: string;
  url: string;
  expiresAt: number;
  /** The address the link was emailed to (queued with the link), or null. */
  emailedTo: string | null;
};

/** A link as the project's owners and members see it (never its token). */
export type ShareLink = {
  id: string;
  name: string;
  assigneeId: string | null;
  assigneeName: string | null;
  filter: z.output<typeof SnagFilterSchema>;
  createdByName: string | null;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
  state: "active" | "expired" | "revoked";
  views: number;
  fixes: number;
};

/** One photo of a shared snag. */
export type SharedPhoto = {
  id: string;
  url: string;
  thumbnailUrl: string | null;
  location: string;
  description: string;
};

/**
 * Where a shared snag is on its drawing: the sheet's name and level, the pin's position (0–1 across
 * and down) and a crop of the plan around it with the pin drawn, served only through the link.
 */
export type SharedPlan = {
  sheetName: string;
  level: string;
  x: number;
  y: number;
  /** `/api/share/{token}/reports/{id}/plan?v=…`: a JPEG crop, nothing else of the sheet. */
  imageUrl: string;
};

/** A snag as the person holding a link sees it: no names of the workspace's people. */
export type SharedReport = {
  id: string;
  title: string;
  status: (typeof REPORT_STATUSES)[number];
  priority: (typeof PRIORITIES)[number];
  dueDate: number | null;
  location: string;
  description: string;
  locationLat: number | null;
  locationLng: number | null;
  photos: SharedPhoto[];
  /** Its pin on the plan, when it has one on a sheet that has rendered. */
  plan: SharedPlan | null;
};

/** GET /api/share/{token} */
export type ShareView = {
  name: string;
  projectName: string;
  expiresAt: number;
  reports: SharedReport[];
  /** True when the set holds more than MAX_SHARED_REPORTS reports (the newest are shown). */
  isTruncated: boolean;
};

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
export type ShareEvent = { id: string; kind: "view" | "fix"; linkName: string; note: string | null; at: number };
