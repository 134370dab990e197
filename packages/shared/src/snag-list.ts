// The project snag list PDF: which reports it holds (the list's filters) and how they are grouped.
import { z } from "zod";
import { PRIORITIES, REPORT_STATUSES } from "./enums";
import { toLocale } from "./i18n/locales";
import { plainString } from "./text";
import { CategoryKeySchema } from "./trades";

export const SNAG_LIST_GROUPS = ["assignee", "location", "category"] as const;
export type SnagListGroup = (typeof SNAG_LIST_GROUPS)[number];

/** The value of `assigneeId` that selects reports with no assignee. */
export const UNASSIGNED = "unassigned";

const MAX_EPOCH = 253_402_300_799; // 9999-12-31

/** Filters shared by the snag list PDF and share links (a link keeps the filter it was made with). */
export const SnagFilterSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: "Status must be open, in-progress, resolved or closed" }).optional(),
  priority: z.enum(PRIORITIES, { error: "Priority must be low, medium, high or critical" }).optional(),
  /** A trade's key (issue 36). */
  category: CategoryKeySchema.optional(),
  /** A member's or a contact's id, or `unassigned`. */
  assigneeId: plainString({ error: "Assignee must be a member or a contact of your workspace" })
    .trim()
    .max(64, "Assignee must be a member or a contact of your workspace")
    .optional(),
  /** Reports due before this moment (epoch seconds); reports without a due date are left out. */
  dueBefore: z.coerce
    .number({ error: "Due before must be a date" })
    .int("Due before must be a date")
    .min(0, "Due before must be a date")
    .max(MAX_EPOCH, "Due before must be a date")
    .optional(),
  search: plainString({ error: "Search must be text" })
    .trim()
    .max(200, "Search must be at most 200 characters")
    .optional(),
});
export type SnagFilter = z.output<typeof SnagFilterSchema>;

/** GET /api/projects/{id}/snag-list.pdf */
export const SnagListQuerySchema = SnagFilterSchema.extend({
  groupBy: z.enum(SNAG_LIST_GROUPS, { error: "Group by must be assignee, location or category" }).default("assignee"),
  /** The PDF's language (issue 35): a client's, say; an unknown code is English, never an error. */
  lang: z.string().transform(toLocale).optional().catch(undefined),
});
export type SnagListQuery = z.output<typeof SnagListQuerySchema>;
export type SnagListQueryInput = z.input<typeof SnagListQuerySchema>;
