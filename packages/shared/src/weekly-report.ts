// The weekly report by email (issue 37, decision 0065): per project, a PDF of where the job stands
// mailed on a day and local hour (in the project's time zone) to chosen members and typed
// addresses (a client, say). GET/PUT /api/projects/{id}/report-schedule and
// POST /api/projects/{id}/report-schedule/send.
import { z } from "zod";
import { isTimeZone } from "./notification-mail";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_REPORT_RECIPIENTS = 50;
export const DEFAULT_REPORT_TIME_ZONE = "Europe/London";

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** PUT /api/projects/{id}/report-schedule (GET answers the same fields and more). */
export const ReportScheduleInputSchema = z.object({
  enabled: z.boolean({ error: "Say whether the weekly report is on" }),
  dayOfWeek: z
    .number({ error: "Day must be a weekday from 1 (Monday) to 7 (Sunday)" })
    .int("Day must be a weekday from 1 (Monday) to 7 (Sunday)")
    .min(1, "Day must be a weekday from 1 (Monday) to 7 (Sunday)")
    .max(7, "Day must be a weekday from 1 (Monday) to 7 (Sunday)"),
  hour: z
    .number({ error: "Hour must be a whole hour from 0 to 23" })
    .int("Hour must be a whole hour from 0 to 23")
    .min(0, "Hour must be a whole hour from 0 to 23")
    .max(23, "Hour must be a whole hour from 0 to 23"),
  timeZone: z
    .string({ error: "Time zone is required" })
    .min(1, "Time zone is required")
    .refine(isTimeZone, "Choose a time zone from the list"),
  /** Members of the workspace, by user id. */
  memberIds: z
    .array(z.string({ error: "A recipient must be a member of your workspace" }).max(64), {
      error: "Recipients must be a list",
    })
    .max(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients`),
  /** Typed addresses: people outside the workspace, such as the client. */
  emails: z
    .array(
      z
        .string({ error: "Invalid email address" })
        .trim()
        .toLowerCase()
        .max(254, "Email must be at most 254 characters")
        .regex(EMAIL_PATTERN, "Invalid email address"),
      { error: "Email addresses must be a list" },
    )
    .max(MAX_REPORT_RECIPIENTS, `At most ${MAX_REPORT_RECIPIENTS} recipients`),
});
export type ReportScheduleInput = z.infer<typeof ReportScheduleInputSchema>;

export const ReportScheduleSchema = ReportScheduleInputSchema.extend({
  /** Members the schedule names, with their names, for the form. */
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  /** When a report last went out (epoch seconds), or null. */
  lastSentAt: z.number().nullable(),
  /** The next report time (epoch seconds) while enabled, else null. */
  nextAt: z.number().nullable(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

/** POST /api/projects/{id}/report-schedule/send: a preview to the caller, or the real thing now. */
export const ReportSendSchema = z.object({
  to: z.enum(["me", "recipients"], { error: "Send to “me” or to the “recipients”" }).default("me"),
});
export type ReportSend = z.input<typeof ReportSendSchema>;
export const ReportSentSchema = z.object({ queued: z.number().int(), to: z.array(z.string()) });
export type ReportSent = z.infer<typeof ReportSentSchema>;
