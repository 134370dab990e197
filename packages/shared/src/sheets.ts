// Drawings (issue 24): a project's sheets, their revisions, and the pins reports carry on them.
// Positions are relative (0–1 on each axis from the top-left corner), so a new revision of a sheet
// keeps every pin where it was.
import { z } from "zod";
import { REPORT_STATUSES } from "./enums";
import { plainString } from "./text";

/** Upload limits, checked by the server on the bytes (the browser checks them first as a courtesy). */
export const MAX_SHEET_FILE_BYTES = 80 * 1024 * 1024;
export const MAX_SHEET_PAGES = 100;
export const ACCEPTED_SHEET_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

export const SHEET_STATES = ["processing", "ready", "failed"] as const;
export type SheetState = (typeof SHEET_STATES)[number];

export const SheetRevisionSchema = z.object({
  revision: z.number(),
  status: z.enum(SHEET_STATES),
  /** Why rendering failed, a sentence for the screen; null unless `failed`. */
  failureReason: z.string().nullable(),
  /** Pixel size of the rendered plan (0 while processing). */
  width: z.number(),
  height: z.number(),
  /**
   * The Deep Zoom tiles: replace `{level}`, `{col}` and `{row}` (DZI numbering, level 0 is 1×1 px,
   * `maxLevel` the full size). Null until the revision is ready.
   */
  tileUrl: z.string().nullable(),
  tileSize: z.number(),
  maxLevel: z.number(),
  thumbnailUrl: z.string().nullable(),
  /** The whole sheet at ≤ 1600 px: the plan crop beside a report is cut from it. */
  previewUrl: z.string().nullable(),
  /** Bytes of every tile and the thumbnail: what "Make available offline" downloads. */
  tileBytes: z.number(),
  createdAt: z.number(),
});
export type SheetRevision = z.infer<typeof SheetRevisionSchema>;

export const PinCountsSchema = z.object(Object.fromEntries(REPORT_STATUSES.map((s) => [s, z.number()])));
export type PinCounts = Record<(typeof REPORT_STATUSES)[number], number>;

/** A sheet as the API answers it: its current revision's fields flattened in (the contract's shape). */
export const SheetSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    level: z.string(),
    /** The page of the uploaded PDF this sheet came from (1 for an image). */
    pageNumber: z.number(),
    revision: z.number(),
    status: z.enum(SHEET_STATES),
    failureReason: z.string().nullable(),
    width: z.number(),
    height: z.number(),
    tileUrl: z.string().nullable(),
    tileSize: z.number(),
    maxLevel: z.number(),
    thumbnailUrl: z.string().nullable(),
    previewUrl: z.string().nullable(),
    tileBytes: z.number(),
    pinCounts: PinCountsSchema,
    createdAt: z.number(),
    /** Every revision, newest first (GET /api/sheets/{id} only; the list leaves it out). */
    revisions: z.array(SheetRevisionSchema).optional(),
  })
  .meta({ id: "Sheet" });
export type Sheet = z.infer<typeof SheetSchema>;

const sheetName = plainString({ error: "Sheet name must be text" })
  .trim()
  .min(1, "Sheet name is required")
  .max(200, "Sheet name must be at most 200 characters");
const sheetLevel = plainString({ error: "Level must be text" }).trim().max(100, "Level must be at most 100 characters");

/** Multipart text fields of POST /api/projects/{id}/sheets. */
export const SheetUploadFieldsSchema = z.object({
  name: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), sheetName.optional()),
  level: sheetLevel.optional().default(""),
});
export type SheetUploadFields = z.output<typeof SheetUploadFieldsSchema>;

/** Multipart text fields of POST /api/sheets/{id}/revisions: which page of a PDF (default 1). */
export const SheetRevisionFieldsSchema = z.object({
  page: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? Number(v) : v),
    z
      .number({ error: "Page must be a page number" })
      .int("Page must be a page number")
      .min(1, "Page must be a page number")
      .max(MAX_SHEET_PAGES, `Page must be at most ${MAX_SHEET_PAGES}`)
      .optional()
      .default(1),
  ),
});

/** PATCH /api/sheets/{id}: rename and/or set the level. */
export const SheetPatchSchema = z
  .object({ name: sheetName.optional(), level: sheetLevel.optional() })
  .refine((v) => v.name !== undefined || v.level !== undefined, { message: "Send a name or a level to change" });
export type SheetPatch = z.output<typeof SheetPatchSchema>;

/** GET /api/sheets/{id}?revision=N: an earlier revision's tiles. */
export const SheetQuerySchema = z.object({});

// Multipart sends strings: "" means none, numbers are parsed.
const toPinNumber = (v: unknown) =>
  typeof v === "string" ? (v.trim() === "" ? null : /^\s*-?\d+(\.\d+)?(e-?\d+)?\s*$/i.test(v) ? Number(v) : v) : v;
const PIN_MESSAGE = "Pin position must be a number from 0 to 1";
const pinCoordinate = z.preprocess(
  toPinNumber,
  z.number({ error: PIN_MESSAGE }).min(0, PIN_MESSAGE).max(1, PIN_MESSAGE).nullable(),
);

/**
 * The pin fields a report create, PATCH and sync item may carry: `sheetId` with `pinX` and `pinY`
 * (0–1), or none of them; `sheetId: null` removes the pin.
 */
export const ReportPinSchema = z
  .object({
    sheetId: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      plainString({ error: "Sheet not found" }).max(64, "Sheet not found").nullable().optional(),
    ),
    pinX: pinCoordinate.optional(),
    pinY: pinCoordinate.optional(),
  })
  .refine(
    (v) => {
      const placed = v.sheetId != null;
      const hasX = v.pinX != null;
      const hasY = v.pinY != null;
      if (v.sheetId === undefined && v.pinX === undefined && v.pinY === undefined) return true;
      return placed ? hasX && hasY : !hasX && !hasY;
    },
    { path: ["pinX"], message: "A pin needs its sheet and both positions (pinX and pinY), or none of them" },
  );
export type ReportPin = z.output<typeof ReportPinSchema>;

/** Picks the pin fields out of a request's fields (the report schemas strip unknown keys). */
export function pinFieldsOf(fields: unknown): Record<"sheetId" | "pinX" | "pinY", unknown> {
  const f =
    typeof fields === "object" && fields !== null && !Array.isArray(fields) ? (fields as Record<string, unknown>) : {};
  return { sheetId: f.sheetId, pinX: f.pinX, pinY: f.pinY };
}
