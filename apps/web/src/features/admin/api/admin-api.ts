import type { AdminStats, StorageQuotaInput, SystemSettings, WorkspaceStorage } from "@sitesnag/shared/admin";
import type { AdminUser, MembershipFilter, MembershipInput, UserList } from "@sitesnag/shared/users";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { api, apiFetch } from "../../../lib/api-client";

/** GET /api/users as an admin reads it (shared/users.ts UserListSchema, its first form). */
export type UsersPage = Extract<UserList, { total: number }>;
export type UsersQuery = { search: string; membership: MembershipFilter };

export const adminKeys = {
  stats: ["admin", "stats"] as const,
  settings: ["admin", "settings"] as const,
  users: (q: UsersQuery) => ["admin", "users", q] as const,
};

export const useAdminStats = () =>
  useQuery({
    queryKey: adminKeys.stats,
    queryFn: async () => (await api<{ stats: AdminStats }>("/admin/stats")).stats,
  });

export const useSystemSettings = () =>
  useQuery({
    queryKey: adminKeys.settings,
    queryFn: async () => (await api<{ settings: SystemSettings }>("/admin/settings")).settings,
  });

export const ADMIN_PAGE_SIZE = 20;

/**
 * Users a server-side page at a time, by cursor (decision 0018): 'Load more' appends the next page;
 * the list never loads every account into the browser.
 */
export const useAdminUsers = (q: UsersQuery) =>
  useInfiniteQuery({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE), membership: q.membership });
      if (q.search.trim()) params.set("search", q.search.trim());
      if (pageParam) params.set("cursor", pageParam);
      return api<UsersPage>(`/users?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export const useUpdateMembership = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: string; body: MembershipInput }) =>
      api<{ user: AdminUser }>(`/users/${encodeURIComponent(id)}/membership`, { method: "PATCH", body }),
  });

/** One workspace's storage quota, in whole MB, or null for the configured default. */
export const useSetStorageQuota = () =>
  useMutation({
    mutationFn: ({ workspaceId, body }: { workspaceId: string; body: StorageQuotaInput }) =>
      api<{ workspace: WorkspaceStorage }>(`/admin/workspaces/${encodeURIComponent(workspaceId)}/storage-quota`, {
        method: "PATCH",
        body,
      }),
  });

/** Fetches the CSV with the session's token and hands it to the browser as a download. */
export async function downloadUsersCsv(): Promise<void> {
  const res = await apiFetch("/admin/export/users.csv");
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "sitesnag-users.csv";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
