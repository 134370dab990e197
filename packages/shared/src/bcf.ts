// BCF exchange with BIM tools (issue 38): what the export's query and the import's answer look like.
import { z } from "zod";
import { ReportFilterSchema } from "./snagging";

export const BCF_EXPORT_VERSIONS = ["2.1", "3.0"] as const;
export type BcfExportVersion = (typeof BCF_EXPORT_VERSIONS)[number];

/** The most topics one import takes: a larger archive is refused whole (docs/bcf.md). */
export const MAX_BCF_TOPICS = 2000;
/** The largest .bcfzip accepted for import, in bytes. */
export const MAX_BCF_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * GET /api/projects/{id}/bcf: the report list's filters (those of /api/snagging/export/csv, the
 * project coming from the path) and the BCF version, 3.0 unless 2.1 is asked for.
 */
export const BcfExportQuerySchema = ReportFilterSchema.omit({ projectId: true }).extend({
  version: z.enum(BCF_EXPORT_VERSIONS, { error: "BCF version must be 2.1 or 3.0" }).default("3.0"),
});
export type BcfExportQuery = z.output<typeof BcfExportQuerySchema>;
export type BcfExportQueryInput = z.input<typeof BcfExportQuerySchema>;

/** POST /api/projects/{id}/bcf answers how many topics made new reports and how many updated reports. */
export const BcfImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  comments: z.number().int(),
  photos: z.number().int(),
});
export type BcfImportResult = z.infer<typeof BcfImportResultSchema>;
