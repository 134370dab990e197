// Site structure (issue 36): each project's tree of locations (Block B > Level 3 > Flat 3.04 >
// Kitchen), at most five levels deep. The API contract the web app and the server share.
import { z } from "zod";
import { UUID_PATTERN } from "./ids";
import { plainString } from "./text";

/** Levels of the tree: a top-level location has depth 1, the deepest allowed depth 5. */
export const MAX_LOCATION_DEPTH = 5;
export const MAX_LOCATION_NAME_LENGTH = 120;
export const MAX_LOCATION_CODE_LENGTH = 40;
/** What one bulk import may hold: a larger list is refused whole, nothing created. */
export const MAX_LOCATION_IMPORT_LINES = 2000;
/** Locations a project may have (issue 36): a tree read, a picker and a labels run stay usable. */
export const MAX_LOCATIONS_PER_PROJECT = 10_000;
export const MAX_LOCATION_IMPORT_BYTES = 200 * 1024;
/** Between the levels of a path, in answers and in the bulk import's lines. */
export const LOCATION_PATH_SEPARATOR = " > ";
/** Locations one sync item may create (a device's new rooms travel with the report using them). */
export const MAX_SYNC_NEW_LOCATIONS = MAX_LOCATION_DEPTH;

export const LocationReportCountsSchema = z.object({
  /** Reports at this location or anywhere under it that are open or in progress. */
  open: z.number(),
  /** Every report at this location or anywhere under it (the set `GET /api/snagging?locationId=` lists). */
  total: z.number(),
});

/** A location as the API answers it. */
export const LocationSchema = z
  .object({
    id: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    code: z.string().nullable(),
    /** The names from the top level down to this one, joined with " > ". */
    path: z.string(),
    /** 1 for a top-level location, up to MAX_LOCATION_DEPTH. */
    depth: z.number(),
    /** Position among its siblings, from 0. */
    order: z.number(),
    /** The plan of this level or flat: a sheet of the same project, or null. */
    sheetId: z.string().nullable(),
    reportCounts: LocationReportCountsSchema,
  })
  .meta({ id: "Location" });
export type Location = z.infer<typeof LocationSchema>;

/** GET /api/projects/{id}/locations: the whole tree, flat and depth-first (siblings by `order`). */
export const LocationListSchema = z.object({ locations: z.array(LocationSchema) });
export type LocationList = z.infer<typeof LocationListSchema>;

/** POST /api/projects/{id}/locations → 201 and PATCH /api/locations/{id} → 200. */
export const LocationAnswerSchema = z.object({ location: LocationSchema });

/** GET /api/locations/{id} (what a QR label's /l/{id} link needs): the location and its project. */
export const LocationLookupSchema = z.object({ location: LocationSchema, projectId: z.string() });
export type LocationLookup = z.infer<typeof LocationLookupSchema>;

/** DELETE /api/locations/{id}: what went with it. Reports keep their text and lose the link. */
export const LocationDeleteResultSchema = z.object({
  /** Locations removed: this one and every location under it. */
  deletedLocations: z.number(),
  /** Reports that were at one of them and now have no location. */
  unlinkedReports: z.number(),
});
export type LocationDeleteResult = z.infer<typeof LocationDeleteResultSchema>;

/** POST /api/projects/{id}/locations/import → 200. */
export const LocationImportResultSchema = z.object({ created: z.number(), reused: z.number() });
export type LocationImportResult = z.infer<typeof LocationImportResultSchema>;

export const LOCATION_NOT_FOUND = "Location not found";
export const PATH_SEPARATOR_IN_NAME = 'A location name cannot contain " > " (it separates the levels of a path)';

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

export const locationName = plainString({ error: "Location name is required" })
  .trim()
  .min(1, "Location name is required")
  .max(MAX_LOCATION_NAME_LENGTH, `Location name must be at most ${MAX_LOCATION_NAME_LENGTH} characters`)
  .refine((v) => !v.includes(LOCATION_PATH_SEPARATOR.trim()), PATH_SEPARATOR_IN_NAME);

export const locationCode = z.preprocess(
  blankToNull,
  plainString({ error: "Location code must be text" })
    .trim()
    .max(MAX_LOCATION_CODE_LENGTH, `Location code must be at most ${MAX_LOCATION_CODE_LENGTH} characters`)
    .refine((v) => !v.includes(";"), "A location code cannot contain ;")
    .nullable(),
);

/** A location's id: a UUID (a device makes one for a location created offline). */
export const locationId = (message = LOCATION_NOT_FOUND) => z.string({ error: message }).regex(UUID_PATTERN, message);

const parentId = z.preprocess(blankToNull, locationId("Parent location not found").nullable());
const sheetId = z.preprocess(blankToNull, z.string({ error: "Sheet not found" }).max(64, "Sheet not found").nullable());

/** POST /api/projects/{id}/locations: a new location at the end of its siblings. */
export const LocationCreateSchema = z.object({
  name: locationName,
  parentId: parentId.optional().default(null),
  code: locationCode.optional().default(null),
  sheetId: sheetId.optional().default(null),
});
export type LocationCreateInput = z.input<typeof LocationCreateSchema>;
export type LocationCreate = z.output<typeof LocationCreateSchema>;

/**
 * PATCH /api/locations/{id}: rename, recode, move (`parentId`, null for the top level; never under
 * itself) and/or reorder (`order`: the position among its new siblings, from 0; the others shift).
 */
export const LocationPatchSchema = z
  .object({
    name: locationName.optional(),
    parentId: parentId.optional(),
    code: locationCode.optional(),
    order: z
      .number({ error: "Order must be a whole number from 0" })
      .int("Order must be a whole number from 0")
      .min(0, "Order must be a whole number from 0")
      .max(100_000, "Order must be a whole number from 0")
      .optional(),
    sheetId: sheetId.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: "Send a name, a parent, a code, an order or a sheet to change",
  });
export type LocationPatchInput = z.input<typeof LocationPatchSchema>;
export type LocationPatch = z.output<typeof LocationPatchSchema>;

/** POST /api/projects/{id}/locations/import as JSON (a text/plain body is the same lines, one a line). */
export const LocationImportJsonSchema = z.object({
  // The line count and size are checked with the text body's (413, location-import.ts).
  lines: z.array(z.string({ error: "Each line must be text" }), { error: "lines must be a list of lines" }),
});

/** GET /api/projects/{id}/locations/labels.pdf?root=: one branch (the location and all under it), or all. */
export const LocationLabelsQuerySchema = z.object({
  root: z.preprocess(blankToNull, locationId().nullable()).optional(),
});

/**
 * A location a device created offline, sent with the report that first uses it (sync create and
 * update items, `data.newLocations`, parents before children). Applied once: a replay, or a later
 * item naming the same id, finds it already there.
 */
export const NewLocationSchema = z.object({
  id: locationId("A new location needs an id (a UUID)"),
  parentId: parentId.optional().default(null),
  name: locationName,
  code: locationCode.optional().default(null),
});
export type NewLocation = z.output<typeof NewLocationSchema>;

export const NewLocationsSchema = z
  .array(NewLocationSchema, { error: "newLocations must be a list of locations" })
  .max(MAX_SYNC_NEW_LOCATIONS, `A change can create at most ${MAX_SYNC_NEW_LOCATIONS} locations`);

/**
 * The location field a report create, PATCH and sync item may carry: a location of the report's
 * project, or null for none. Another project's or workspace's id is refused like an unknown one.
 */
export const ReportLocationSchema = z.object({
  locationId: z.preprocess(blankToNull, locationId().nullable()).optional(),
});
export type ReportLocation = z.output<typeof ReportLocationSchema>;

/** Picks the location field out of a request's fields (the report schemas strip unknown keys). */
export function locationFieldsOf(fields: unknown): { locationId: unknown } {
  const f =
    typeof fields === "object" && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : {};
  return { locationId: f.locationId };
}
