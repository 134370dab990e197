import type { NotificationList } from "@sitesnag/shared/notifications";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const notificationKeys = { list: ["notifications"] as const };

/** The latest notifications, 20 a page by cursor ('Load more' in the panel), with the unread count from the first page. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) =>
      api<NotificationList>(`/notifications?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Refreshed when the app regains focus and once a minute while it is shown (not in the background). */
export const useNotifications = () =>
  useInfiniteQuery({
    ...notificationsQuery(),
    refetchOnWindowFocus: "always",
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
