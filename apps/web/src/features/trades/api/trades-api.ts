// The workspace's trades (issue 36): read by the snag form, the list's filter and the cards (kept
// for offline reading under the "trades" root, query-cache-policy.ts). The Trades page's changes
// are in trade-mutations.ts, so the report list's first load carries only this read.
import type { Trade } from "@sitesnag/shared/trades";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** snagging/components/category-icon.tsx reads the same key with the same query (first-load budget). */
export const TRADES_KEY = ["trades"] as const;

export const useTrades = () =>
  useQuery({
    queryKey: TRADES_KEY,
    queryFn: async () => (await api<{ trades: Trade[] }>("/trades")).trades,
    staleTime: 5 * 60_000,
  });

/** What a select offers: the trades not retired, plus `keep` (a report's own retired trade) where it stands. */
export const offeredTrades = (trades: readonly Trade[], keep?: string): Trade[] =>
  trades.filter((t) => !t.retired || t.key === keep);
