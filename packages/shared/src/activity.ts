import { z } from "zod";
import { PageQuerySchema } from "./pagination";

// A report's append-only history (issue 23, DESIGN §5): one entry per change, written in the
// change's own transaction; no route edits or removes one.

export const ACTIVITY_TYPES = [
  "created",
  "edited",
  "status_changed",
  "photos_added",
  "photos_removed",
  "pdf_exported",
  "verification_accepted",
  "verification_rejected",
  "comment_added",
  "comment_edited",
  "comment_deleted",
  "deleted",
  "restored",
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Someone else's value that a change replaced (it overwrote theirs) or lost to (it was older). */
export const ActivityOtherSchema = z.object({
  userId: z.string().nullable(),
  userName: z.string(),
  value: z.unknown(),
  text: z.string(),
  at: z.number(),
});
export type ActivityOther = z.infer<typeof ActivityOtherSchema>;

/**
 * One field's change: raw values (what Restore sends back) and their text as it read when the change
 * was made (an assignee's name, a date), so the entry still reads the same after renames.
 */
export const ActivityChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  fromText: z.string(),
  toText: z.string(),
  /** This change overwrote a value another person had set since the version it was made on. */
  replaced: ActivityOtherSchema.optional(),
  /** This (offline) change was not applied: another person's change to the field is newer. */
  supersededBy: ActivityOtherSchema.optional(),
});
export type ActivityChange = z.infer<typeof ActivityChangeSchema>;

export const ActivityEntrySchema = z
  .object({
    id: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    actorId: z.string().nullable(),
    actorName: z.string(),
    /** When the server recorded it (epoch seconds). */
    at: z.number(),
    changes: z.array(ActivityChangeSchema).optional(),
    comment: z.string().optional(),
    /** Set when the change came through the offline queue: when it was made on the device. */
    offline: z.object({ madeAt: z.number().nullable(), receivedAt: z.number() }).optional(),
    /** Set when the change was one report of a bulk change (issue 39): the same for all its reports. */
    batchId: z.string().optional(),
    /** The entry as one sentence, e.g. "Sam Builder changed Priority from High to Critical". */
    summary: z.string(),
  })
  .meta({ id: "ActivityEntry" });
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/** GET /api/snagging/{id}/activity: newest first, paged by cursor (decision 0018). */
export const ActivityListSchema = z.object({
  activity: z.array(ActivityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityList = z.infer<typeof ActivityListSchema>;

export const ActivityQuerySchema = PageQuerySchema;

/**
 * GET /api/snagging/{id}/overwrites: the caller's changes to this report that another person's
 * replaced, while the field still holds that person's value. Restore sends `restore` back.
 * `label`, `yourText` and `theirText` are in the caller's language; the app writes the sentence
 * ("Your change to Priority (High) was replaced by Sam's (Critical) at 14:02") from its catalogue.
 */
export const OverwriteSchema = z.object({
  entryId: z.string(),
  field: z.string(),
  label: z.string(),
  /** The PATCH body (without `version`) that puts your value back. */
  restore: z.record(z.string(), z.unknown()),
  yourText: z.string(),
  theirText: z.string(),
  byName: z.string(),
  at: z.number(),
});
export type Overwrite = z.infer<typeof OverwriteSchema>;
export const OverwriteListSchema = z.object({ overwrites: z.array(OverwriteSchema) });
export type OverwriteList = z.infer<typeof OverwriteListSchema>;
