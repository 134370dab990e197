import { z } from "zod";
import { PROJECT_STATUSES } from "./enums";
import { PageQuerySchema } from "./pagination";
import { plainString } from "./text";

const optionalText = (label: string, max: number) =>
  plainString().trim().max(max, `${label} must be at most ${max} characters`).optional().default("");

/** Project create and edit (SPEC §5): name required, the rest optional, status one of three. */
export const ProjectInputSchema = z.object({
  name: plainString({ error: "Project name is required" })
    .trim()
    .min(1, "Project name is required")
    .max(200, "Project name must be at most 200 characters"),
  description: optionalText("Description", 5000),
  location: optionalText("Location", 300),
  clientName: optionalText("Client name", 200),
  status: z.enum(PROJECT_STATUSES, { error: "Status must be active, completed or archived" }).default("active"),
  /** Issue 23: `resolved` needs a new fix photo. Off on create when left out; kept as is on edit. */
  requireEvidenceToClose: z.boolean({ error: "Require evidence to close must be true or false" }).optional(),
  /** Issue 23: only the report's creator or a workspace owner may close. Off / kept likewise. */
  verifiedClosing: z.boolean({ error: "Verified closing must be true or false" }).optional(),
});
export type ProjectInput = z.input<typeof ProjectInputSchema>;
export type ProjectValues = z.output<typeof ProjectInputSchema>;

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    clientName: z.string(),
    status: z.enum(PROJECT_STATUSES),
    requireEvidenceToClose: z.boolean(),
    verifiedClosing: z.boolean(),
    createdAt: z.number(),
  })
  .meta({
    id: "Project",
    examples: [
      {
        id: "0f8c3a52-6d1e-4b7a-9c2f-5e4d3b2a1c0f",
        name: "Harbour Court",
        description: "Block A, 42 flats: handover snagging",
        location: "Leeds",
        clientName: "Harbour Homes Ltd",
        status: "active",
        requireEvidenceToClose: false,
        verifiedClosing: true,
        createdAt: 1764288000,
      },
    ],
  });
export type Project = z.infer<typeof ProjectSchema>;

/**
 * GET /api/projects. `nextCursor` is there when a page was asked for or the unpaged list was cut at
 * its cap. The server writes this answer from this schema (fields not in it are never sent).
 */
export const ProjectListSchema = z.object({
  projects: z.array(ProjectSchema),
  nextCursor: z.string().nullable().optional(),
});
export type ProjectList = z.infer<typeof ProjectListSchema>;

/** GET /api/projects: cursor paging, and a search over name and description (every word). */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  search: plainString({ error: "Search must be text" })
    .trim()
    .max(200, "Search must be at most 200 characters")
    .optional(),
});
export type ProjectListQuery = z.output<typeof ProjectListQuerySchema>;
