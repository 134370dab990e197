import type { Overwrite } from "@sitesnag/shared/activity";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/snagging/{id}/overwrites: my changes someone else's replaced, still standing. */
export const useOverwrites = (reportId: string) =>
  useQuery({
    queryKey: ["snagging", "overwrites", reportId],
    queryFn: async () =>
      (await api<{ overwrites: Overwrite[] }>(`/snagging/${encodeURIComponent(reportId)}/overwrites`)).overwrites,
  });
