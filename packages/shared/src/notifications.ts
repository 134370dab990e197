import { z } from "zod";
import { REPORT_STATUSES } from "./enums";
import { CursorSchema, LimitSchema } from "./pagination";

export const NOTIFICATION_KINDS = [
  "assigned",
  "status",
  "mention",
  // Fix → verify → close (issue 23): a resolved report waits for its creator's verification, and
  // the person who fixed it hears whether the fix was accepted or rejected (with the reason).
  "fix_awaiting_verification",
  "fix_accepted",
  "fix_rejected",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as GET /api/notifications answers it, newest first. */
export const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(NOTIFICATION_KINDS),
    reportId: z.string().nullable(),
    reportTitle: z.string(),
    status: z.enum(REPORT_STATUSES).nullable(),
    actorName: z.string().nullable(),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof NotificationSchema>;

/** `limit`/`cursor` page by keyset (decision 0018); `page`/`pageSize` (offset) are kept for older clients. */
export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
  limit: LimitSchema.max(50, "Limit must be a whole number from 1 to 50").optional(),
  cursor: CursorSchema.optional(),
});

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unreadCount: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor of the next page, null on the last. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
