// The Trades page's changes (issue 36); every success refetches the list (app/query-client.ts).
import type { Trade, TradePatch } from "@sitesnag/shared/trades";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const useCreateTrade = () =>
  useMutation({
    mutationFn: async (name: string) =>
      (await api<{ trade: Trade }>("/trades", { method: "POST", body: { name } })).trade,
  });

export const useUpdateTrade = () =>
  useMutation({
    mutationFn: async ({ key, patch }: { key: string; patch: TradePatch }) =>
      (await api<{ trade: Trade }>(`/trades/${encodeURIComponent(key)}`, { method: "PATCH", body: patch })).trade,
  });

export const useDeleteTrade = () =>
  useMutation({
    mutationFn: (key: string) => api<void>(`/trades/${encodeURIComponent(key)}`, { method: "DELETE" }),
  });
