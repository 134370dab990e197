import { z } from "zod";

/** Days a deleted project or report stays in the Trash before it is purged for good. */
export const TRASH_DAYS = 30;

export const TrashItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["project", "report"]),
  /** The project's name or the report's reference. */
  name: z.string(),
  /** "3 reports" for a project; the report's project name for a report. */
  detail: z.string(),
  deletedByName: z.string(),
  deletedAt: z.number(),
  purgeAt: z.number(),
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashListSchema = z.object({ items: z.array(TrashItemSchema) });
export type TrashList = z.infer<typeof TrashListSchema>;

/** Whole days left before purge, counted up (a day and a minute left is 2), never below 0. */
export function daysLeft(purgeAt: number, nowSeconds: number): number {
  return Math.max(0, Math.ceil((purgeAt - nowSeconds) / 86_400));
}
