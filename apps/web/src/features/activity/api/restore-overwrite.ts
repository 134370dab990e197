import type { Overwrite } from "@sitesnag/shared/activity";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/**
 * Restore: my value back, as an edit made on the version on screen. Every screen refetches after
 * it (app/query-client.ts), which clears the notice.
 */
export const useRestoreOverwrite = (reportId: string) =>
  useMutation({
    mutationFn: ({ overwrite, version }: { overwrite: Overwrite; version: number }) =>
      api(`/snagging/${encodeURIComponent(reportId)}`, { method: "PATCH", body: { ...overwrite.restore, version } }),
  });
