import { z } from "zod";
import { CATEGORIES, PRIORITIES, REPORT_STATUSES } from "./enums";

export const AttachmentSchema = z.object({
  id: z.string(),
  file_path: z.string(),
  original_name: z.string(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

/** A snagging report as the API answers it (SPEC §3). */
export const ReportSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  priority: z.enum(PRIORITIES),
  category: z.enum(CATEGORIES),
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  createdByName: z.string().nullable(),
  dueDate: z.number().nullable(),
  createdAt: z.number(),
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  pageUrl: z.string().nullable(),
  attachments: z.array(AttachmentSchema),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: "Status must be open, in-progress, resolved or closed" }).optional(),
  projectId: z.string().max(64).optional(),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;
