import type { Report, Verification } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/snagging/{id}/verification: accept → closed, reject (with a reason) → open. */
export const useVerifyReport = (reportId: string) =>
  useMutation({
    mutationFn: async (body: Verification) =>
      (
        await api<{ report: Report }>(`/snagging/${encodeURIComponent(reportId)}/verification`, {
          method: "POST",
          body,
        })
      ).report,
  });
