import type { NotificationList } from "@sitesnag/shared/notifications";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const notificationKeys = { list: ["notifications"] as const };

/** Refreshed when the app regains focus and once a minute while it is shown (not in the background). */
export const useNotifications = () =>
  useQuery({
    queryKey: notificationKeys.list,
    queryFn: () => api<NotificationList>("/notifications?pageSize=20"),
    refetchOnWindowFocus: "always",
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });

export const useMarkNotificationRead = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/notifications/${encodeURIComponent(id)}/read`, { method: "POST" }),
  });

export const useMarkAllNotificationsRead = () =>
  useMutation({ mutationFn: () => api<void>("/notifications/read-all", { method: "POST" }) });
