// Notification mail (issue 26): per kind of notification, each person chooses instant mail, the
// daily digest, or nothing. A kind not listed here (a new one) gets the digest until it is listed.
import { z } from "zod";

export const MAIL_MODES = ["instant", "digest", "off"] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const MAIL_MODE_LABELS: Record<MailMode, string> = {
  instant: "Instant email",
  digest: "Daily digest",
  off: "Off",
};

export type NotificationMailKind = {
  kind: string;
  label: string;
  description: string;
  defaultMode: MailMode;
  modes: readonly MailMode[];
};

/** The kinds a person can choose for, in the order the profile page lists them. */
export const NOTIFICATION_MAIL_KINDS: readonly NotificationMailKind[] = [
  {
    kind: "assigned",
    label: "Assigned to me",
    description: "Someone assigns a report to you.",
    defaultMode: "instant",
    modes: MAIL_MODES,
  },
  {
    kind: "status",
    label: "Status of my reports",
    description: "The status changes on a report you created or are assigned.",
    defaultMode: "digest",
    modes: MAIL_MODES,
  },
  {
    kind: "mention",
    label: "Mentions",
    description: "Someone mentions you in a comment on a report.",
    defaultMode: "digest",
    modes: MAIL_MODES,
  },
  {
    kind: "fix_awaiting_verification",
    label: "Fixes awaiting my verification",
    description: "A report you created is marked fixed and waits for you to accept or reject it.",
    defaultMode: "instant",
    modes: MAIL_MODES,
  },
  {
    kind: "fix_accepted",
    label: "My fix accepted",
    description: "The fix you made on a report is accepted and the report closed.",
    defaultMode: "digest",
    modes: MAIL_MODES,
  },
  {
    kind: "fix_rejected",
    label: "My fix rejected",
    description: "The fix you made on a report is rejected, with the reason, and the report reopened.",
    defaultMode: "digest",
    modes: MAIL_MODES,
  },
  {
    kind: "due",
    label: "Overdue and due-soon items",
    description: "Your open items past or near their due date, in the daily digest.",
    defaultMode: "digest",
    modes: ["digest", "off"],
  },
];

export const defaultMailMode = (kind: string): MailMode =>
  NOTIFICATION_MAIL_KINDS.find((k) => k.kind === kind)?.defaultMode ?? "digest";

/** An IANA time zone this runtime knows (Europe/London, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** GET and PUT /api/mail/preferences. */
export const MailPreferencesSchema = z.object({
  timeZone: z
    .string({ error: "Time zone is required" })
    .min(1, "Time zone is required")
    .refine(isTimeZone, "Choose a time zone from the list"),
  preferences: z.partialRecord(
    z.enum(NOTIFICATION_MAIL_KINDS.map((k) => k.kind) as [string, ...string[]], {
      error: "Unknown kind of notification",
    }),
    z.enum(MAIL_MODES, { error: "Choose instant email, daily digest or off" }),
  ),
});
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

/**
 * The answer to POST /api/mail/unsubscribe: the address and what it will no longer get — `stopped`
 * in the reader's language ("the daily digest"), `what` which it was: "weekly_report", "digest",
 * a notification kind ("assigned"), or "other" (a kind no longer listed).
 */
export const UnsubscribedSchema = z.object({ stopped: z.string(), email: z.string(), what: z.string() });
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;

/** POST /api/mail/unsubscribe from the page the email's link opens. */
export const UnsubscribeSchema = z.object({
  token: z
    .string({ error: "This unsubscribe link is not valid." })
    .min(1)
    .max(300, "This unsubscribe link is not valid."),
});
