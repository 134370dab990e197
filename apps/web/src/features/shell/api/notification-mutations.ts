// Marking notifications read: used by the open panel only (its own lazy chunk), so the header's
// bell, in every signed-in first load, carries no mutation code (TanStack's useMutation).
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const useMarkNotificationRead = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/notifications/${encodeURIComponent(id)}/read`, { method: "POST" }),
  });

export const useMarkAllNotificationsRead = () =>
  useMutation({ mutationFn: () => api<void>("/notifications/read-all", { method: "POST" }) });
