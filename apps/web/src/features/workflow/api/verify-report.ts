import type { Report, Verification } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
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
      toast.success(body.decision === "accept" ? "Fix accepted: report closed" : "Fix rejected: report reopened"),
    onError: (err) => toast.error(errorMessage(err, "Failed to save the verification")),
    mutationFn: async (body: Verification) =>
      (
        await api<{ report: Report }>(`/snagging/${encodeURIComponent(reportId)}/verification`, {
          method: "POST",
          body,
        })
      ).report,
  });
