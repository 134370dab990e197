import { z } from "zod";
import { REPORT_STATUSES } from "./enums";

export const NOTIFICATION_KINDS = ["assigned", "status"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as GET /api/notifications answers it, newest first. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  reportId: z.string().nullable(),
  reportTitle: z.string(),
  status: z.enum(REPORT_STATUSES).nullable(),
  actorName: z.string().nullable(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export type NotificationList = {
  notifications: Notification[];
  unreadCount: number;
  total: number;
  page: number;
  pageSize: number;
};
