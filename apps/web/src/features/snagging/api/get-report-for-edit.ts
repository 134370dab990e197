import type { Report } from "@sitesnag/shared/snagging";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The report being edited; not retried, since a failed load sends the user back to the list. */
export const useReportForEdit = (id: string | undefined) =>
  useQuery({
    queryKey: ["snagging", "detail", id],
    queryFn: async () => (await api<{ report: Report }>(`/snagging/${encodeURIComponent(id ?? "")}`)).report,
    enabled: id !== undefined,
    retry: false,
    // The form keeps its own copy once open; a background refetch must not reset it.
    staleTime: Number.POSITIVE_INFINITY,
  });
