import type { User } from "@sitesnag/shared/auth";
import type { ProfileInput } from "@sitesnag/shared/users";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../stores/auth-store";

export function useUpdateProfile(userId: string) {
  const setUser = useAuthStore((s) => s.setUser);
  return useMutation({
    mutationFn: async (body: ProfileInput) =>
      (await api<{ user: User }>(`/users/${encodeURIComponent(userId)}`, { method: "PATCH", body })).user,
    onSuccess: (user) => setUser(user),
  });
}

/** The server keeps this session (the access token's) and signs every other session out. */
export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api<void>(`/users/${encodeURIComponent(userId)}/password`, {
        method: "PATCH",
        body,
      }),
  });
}
