// The workspace's trades (issue 36): read by the snag form, the list's filter and the cards (kept
// for offline reading under the "trades" root, query-cache-policy.ts), managed on the Trades page.
import { fallbackTradeName } from "@sitesnag/shared/trade-names";
import type { Trade, TradePatch } from "@sitesnag/shared/trades";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const TRADES_KEY = ["trades"] as const;

export const useTrades = () =>
  useQuery({
    queryKey: TRADES_KEY,
    queryFn: async () => (await api<{ trades: Trade[] }>("/trades")).trades,
    staleTime: 5 * 60_000,
  });

/** A category's name: the workspace's trade, else SPEC's name or the key itself (a deleted trade). */
export const tradeName = (trades: readonly Trade[] | undefined, key: string): string =>
  trades?.find((t) => t.key === key)?.name ?? fallbackTradeName(key);

/** What a select offers: the trades not retired, plus `keep` (a report's own retired trade) where it stands. */
export const offeredTrades = (trades: readonly Trade[], keep?: string): Trade[] =>
  trades.filter((t) => !t.retired || t.key === keep);

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
