import type { Overwrite } from "@sitesnag/shared/activity";
import { useMutation } from "@tanstack/react-query";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

/**
 * Restore: my value back, as an edit made on the version on screen. Every screen refetches after
 * it (app/query-client.ts), which clears the notice; so the toasts are the mutation's own callbacks
 * (a caller's would not run once the notice is gone).
 */
export const useRestoreOverwrite = (reportId: string) =>
  useMutation({
    onSuccess: (_answer, { overwrite }) => toast.success(`${overwrite.label} restored to ${overwrite.yourText}`),
    onError: (error) => toast.error(errorMessage(error, "Failed to restore your change")),
    mutationFn: ({ overwrite, version }: { overwrite: Overwrite; version: number }) =>
      api(`/snagging/${encodeURIComponent(reportId)}`, { method: "PATCH", body: { ...overwrite.restore, version } }),
  });
