import type { Overwrite } from "@sitesnag/shared/activity";
import { useMutation } from "@tanstack/react-query";
import { translate } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

/**
 * Restore: my value back, as an edit made on the version on screen. Every screen refetches after
 * it (app/query-client.ts), which clears the notice; so the toasts are the mutation's own callbacks
 * (a caller's would not run once the notice is gone).
 */
export const useRestoreOverwrite = (reportId: string) =>
  useMutation({
    // In the reader's language: the server sends the field's name and value in it (issue 35).
    onSuccess: (_answer, { overwrite }) =>
      toast.success(
        translate(msg("snagging.overwrite.restored"), { label: overwrite.label, value: overwrite.yourText }),
      ),
    onError: (error) => toast.error(errorMessage(error, translate(msg("snagging.overwrite.failed")))),
    mutationFn: ({ overwrite, version }: { overwrite: Overwrite; version: number }) =>
      api(`/snagging/${encodeURIComponent(reportId)}`, { method: "PATCH", body: { ...overwrite.restore, version } }),
  });
