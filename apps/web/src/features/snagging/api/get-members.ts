import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Member = { id: string; firstName: string; lastName: string; email: string; role: string };

/**
 * The assignee picker's people: the members of the caller's workspace (DESIGN §5). `scope=workspace`
 * because an admin's plain GET /api/users pages through every user of the platform.
 */
export const useMembers = () =>
  useQuery({
    queryKey: ["users", { scope: "workspace" }],
    queryFn: async () => (await api<{ users: Member[] }>("/users?scope=workspace")).users,
    staleTime: 5 * 60_000,
  });
