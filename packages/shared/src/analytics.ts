// Insight (issue 37): GET /api/analytics/overview's query and answer, shared by the server, the
// dashboard and the weekly report's PDF. Weeks start on Monday (UTC); dates are `YYYY-MM-DD`.
import { z } from "zod";
import { AGEING_BUCKETS, DAY_SECONDS, DUE_FILTERS } from "./analytics-filters";
import { ReportCountsQuerySchema, ReportListQuerySchema } from "./snagging";
import { plainString } from "./text";

export * from "./analytics-filters";

/** The longest range the overview takes: five years, leap days included. */
export const MAX_RANGE_DAYS = 5 * 366;
/** The weekly series when no range is given: this week and the eleven before it. */
export const DEFAULT_WEEKS = 12;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(DATE, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label} must be a date (YYYY-MM-DD)`,
      },
    );

/**
 * The report list's filters behind the overview's links (GET /api/snagging and /counts): open or in
 * progress (`unresolved=1`), past due or due within 7 days (`due`), of an ageing bucket (`age`), made
 * or resolved in a week (`openedWeek`, `closedWeek`).
 * Kept out of shared/snagging.ts, which the list screen loads first (its first-load budget).
 */
export const InsightFilterSchema = z.object({
  unresolved: z.literal("1", { error: "unresolved can only be 1" }).optional(),
  due: z.enum(DUE_FILTERS, { error: "Due must be overdue or soon" }).optional(),
  age: z.enum(AGEING_BUCKETS, { error: "Age must be 0-7, 8-30, 31-90 or 90+" }).optional(),
  /** The weekly chart's bars: made, or resolved, in the seven days from this day (a Monday there). */
  openedWeek: isoDay("Opened week").optional(),
  closedWeek: isoDay("Closed week").optional(),
});
export type InsightFilter = z.output<typeof InsightFilterSchema>;
export const ReportListInsightQuerySchema = ReportListQuerySchema.extend(InsightFilterSchema.shape);
export const ReportCountsInsightQuerySchema = ReportCountsQuerySchema.extend(InsightFilterSchema.shape);

const id = (message: string) => plainString({ error: message }).trim().max(64, message);

export const OverviewQuerySchema = z
  .object({
    projectId: id("Project not found").optional(),
    /** Drills `byLocation` down: the children of this location instead of the top level. */
    locationId: id("Location not found").optional(),
    from: isoDay("From").optional(),
    to: isoDay("To").optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "From must be on or before To", path: ["from"] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / (DAY_SECONDS * 1000) <= MAX_RANGE_DAYS, {
    message: "The date range can be at most 5 years",
    path: ["to"],
  });
export type OverviewQuery = z.output<typeof OverviewQuerySchema>;

export const OverviewSchema = z.object({
  /** The range the weekly series and the average days cover (defaults filled in). */
  range: z.object({ from: z.string(), to: z.string() }),
  counts: z.object({
    open: z.number(),
    overdue: z.number(),
    dueSoon: z.number(),
    awaitingVerification: z.number(),
    total: z.number(),
  }),
  weekly: z.array(z.object({ weekStart: z.string(), opened: z.number(), closed: z.number(), open: z.number() })),
  /** When the last open snag closes at the last four weeks' net closing rate; null date when not converging. */
  projection: z.object({ date: z.string().nullable(), converging: z.boolean(), netPerWeek: z.number() }),
  ageing: z.array(
    z.object({
      bucket: z.enum(AGEING_BUCKETS),
      critical: z.number(),
      high: z.number(),
      medium: z.number(),
      low: z.number(),
    }),
  ),
  byTrade: z.array(z.object({ key: z.string(), name: z.string(), open: z.number(), overdue: z.number() })),
  byAssignee: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["member", "contact"]),
      name: z.string(),
      open: z.number(),
      overdue: z.number(),
      avgDaysToResolve: z.number().nullable(),
      rejections: z.number(),
    }),
  ),
  /** The location drilled into (null: the top level), and its children with their subtrees' counts. */
  location: z.object({ id: z.string(), path: z.string(), parentId: z.string().nullable() }).nullable(),
  byLocation: z.array(
    z.object({
      id: z.string(),
      projectId: z.string(),
      path: z.string(),
      open: z.number(),
      overdue: z.number(),
      hasChildren: z.boolean(),
    }),
  ),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** Monday (UTC) of the week holding `day` (`YYYY-MM-DD`). */
export function weekStartOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - back * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_SECONDS * 1000).toISOString().slice(0, 10);

export const dayOf = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
