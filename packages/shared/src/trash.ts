import { z } from "zod";

export { daysLeft, TRASH_DAYS } from "./trash-days";

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
