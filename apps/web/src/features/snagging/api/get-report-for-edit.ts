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
    // Fresh on every opening (issue 33): an older read kept in memory or restored from this
    // device is shown only until the server answers. A refetch while the form is open never resets
    // what the person entered (lib/edit-rebase.ts).
    staleTime: 0,
  });
