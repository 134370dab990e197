// The security log's contract (issue 40): GET /api/security-log → {entries, nextCursor}; the same
// filters give a CSV at /api/security-log/export.
import { z } from "zod";

export const SECURITY_EVENT_TYPES = [
  "sign-in",
  "sign-in-failed",
  "mfa-failed",
  "factor-added",
  "factor-removed",
  "recovery-code-used",
  "recovery-codes-regenerated",
  "password-changed",
  "password-reset",
  "session-ended",
  "member-added",
  "member-removed",
  "member-role-changed",
  "mfa-policy-changed",
  "passkey-added",
  "passkey-removed",
  "sso-settings-changed",
  "sso-refused",
  "webhook-created",
  "webhook-deleted",
  "api-token-created",
  "api-token-revoked",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** Entries are kept this long, then pruned. */
export const SECURITY_LOG_RETENTION_DAYS = 365;
export const SECURITY_LOG_PAGE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DAY, `${label} must be a date such as 2026-01-31`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date such as 2026-01-31`);

export const SecurityLogQuerySchema = z.object({
  workspace: z.enum(["1", "0"], { error: "workspace must be 1 or 0" }).optional(),
  type: z.enum(SECURITY_EVENT_TYPES, { error: "Unknown event type" }).optional(),
  from: day("From").optional(),
  to: day("To").optional(),
  cursor: z.string().max(200).optional(),
});
export type SecurityLogQuery = z.infer<typeof SecurityLogQuerySchema>;

export const SecurityLogEntrySchema = z.object({
  id: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  at: z.number(),
  actorId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type SecurityLogEntry = z.infer<typeof SecurityLogEntrySchema>;
export const SecurityLogPageSchema = z.object({
  entries: z.array(SecurityLogEntrySchema),
  nextCursor: z.string().nullable(),
});
export type SecurityLogPage = z.infer<typeof SecurityLogPageSchema>;
