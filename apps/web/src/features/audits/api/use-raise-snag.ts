// Raise snag from an audit item. raise-snag.ts (the report's text, reference and the offline queue)
// loads when the first snag is raised, not with the audit screen (issue 7, first-load budgets).
import type { Trade } from "@sitesnag/shared/trades";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { RaiseSnagInput } from "./raise-snag";

/** The trades query's key (trades/api/trades-api.ts), read from the cache without that module. */
const TRADES_KEY = ["trades"] as const;

export const useRaiseSnag = () => {
  const queryClient = useQueryClient();
  // Read with the audit (and kept for offline reading, like every "trades" read), so a snag raised
  // with no signal still knows whether the workspace offers Safety (issue 36).
  useQuery({
    queryKey: TRADES_KEY,
    queryFn: async () => (await api<{ trades: Trade[] }>("/trades")).trades,
    staleTime: 5 * 60_000,
  });
  return useMutation({
    mutationFn: async (input: Omit<RaiseSnagInput, "trades">) =>
      (await import("./raise-snag")).raiseSnag({
        ...input,
        trades: queryClient.getQueryData<Trade[]>(TRADES_KEY),
      }),
    networkMode: "always",
  });
};
