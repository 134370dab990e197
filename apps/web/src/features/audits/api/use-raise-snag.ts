// Raise snag from an audit item. raise-snag.ts (the report's text, reference and the offline queue)
// loads when the first snag is raised, not with the audit screen (issue 7, first-load budgets).
import { useMutation } from "@tanstack/react-query";
import type { RaiseSnagInput } from "./raise-snag";

export const useRaiseSnag = () =>
  useMutation({
    mutationFn: async (input: RaiseSnagInput) => (await import("./raise-snag")).raiseSnag(input),
    networkMode: "always",
  });
