import type { Report, Verification } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { translate } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

/**
 * POST /api/snagging/{id}/verification: accept → closed, reject (with a reason) → open. The toasts
 * are the mutation's own callbacks: the panel is gone (the report is no longer resolved) by the
 * time the screens have refetched, and a caller's callbacks would not run then.
 */
export const useVerifyReport = (reportId: string) =>
  useMutation({
    onSuccess: (_report, body) =>
      toast.success(
        translate(msg(body.decision === "accept" ? "snagging.verify.accepted" : "snagging.verify.rejected")),
      ),
    onError: (err) => toast.error(errorMessage(err, translate(msg("snagging.verify.failed")))),
    mutationFn: async (body: Verification) =>
      (
        await api<{ report: Report }>(`/snagging/${encodeURIComponent(reportId)}/verification`, {
          method: "POST",
          body,
        })
      ).report,
  });
