import { z } from "zod";

export { daysLeft, TRASH_DAYS } from "./trash-days";

export const TrashItemSchema = z.object({
  id: z.string(),
  kind: z.enum(["project", "report"]),
  /** The project's name or the report's reference. */
  name: z.string(),
  /** "3 reports" for a project (in the reader's language); the report's project name for a report. */
  detail: z.string(),
  /**
   * A project's report count (null for a report), so an app writes `detail` in its own language
   * at once, whatever language the server answered in (issue 35).
   */
  reportCount: z.number().int().nonnegative().nullable(),
  deletedByName: z.string(),
  deletedAt: z.number(),
  purgeAt: z.number(),
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashListSchema = z.object({ items: z.array(TrashItemSchema) });
export type TrashList = z.infer<typeof TrashListSchema>;
/** POST /api/trash/{id}/restore: the project or report is back, with the same id. */
export const TrashRestoredSchema = z.object({
  restored: z.object({ kind: z.enum(["project", "report"]), id: z.string() }),
});
