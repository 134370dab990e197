import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type Assignee = { id: string; firstName: string; lastName: string };

/** The workspace's members (same query as the assignee picker's, so the cache is shared). */
export const useAssignees = (enabled = true) =>
  useQuery({
    queryKey: ["users", { scope: "workspace" }],
    queryFn: async () => (await api<{ users: Assignee[] }>("/users?scope=workspace")).users,
    staleTime: 5 * 60_000,
    enabled,
  });
