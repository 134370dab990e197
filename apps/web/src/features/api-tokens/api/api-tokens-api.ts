// The workspace's API tokens (issue 38): read and changed by its owner on the API tokens page.
// Every success refetches the list (app/query-client.ts); a new token's secret lives only in the
// create mutation's answer, never in the query cache (persisted-query-cache.ts keeps that on disk).
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from "@sitesnag/shared/api-tokens";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const API_TOKENS_KEY = ["api-tokens"] as const;

export const useApiTokens = (enabled: boolean) =>
  useQuery({
    queryKey: API_TOKENS_KEY,
    queryFn: async () => (await api<{ tokens: ApiToken[] }>("/tokens")).tokens,
    enabled,
  });

export const useCreateApiToken = () =>
  useMutation({
    mutationFn: (input: ApiTokenCreate) => api<ApiTokenCreated>("/tokens", { method: "POST", body: input }),
  });

export const useRevokeApiToken = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/tokens/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
