// GET /api/analytics/overview (issue 37): the figures of the workspace or of one project.
import type { Overview } from "@sitesnag/shared/analytics";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type OverviewParams = { projectId?: string; locationId?: string; from?: string; to?: string };

export const overviewQuery = (p: OverviewParams) => ({
  queryKey: ["analytics", "overview", p] as const,
  queryFn: () => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(p)) if (value) query.set(key, value);
    return api<Overview>(`/analytics/overview?${query}`);
  },
});

/** The previous figures stay on screen while a new range or location loads: no jump, no blank. */
export const useOverview = (p: OverviewParams) => useQuery({ ...overviewQuery(p), placeholderData: keepPreviousData });

/** The workspace's projects for the project filter (names only). */
export const useProjectNames = () =>
  useQuery({
    queryKey: ["analytics", "projects"],
    queryFn: async () =>
      (await api<{ projects: { id: string; name: string }[] }>("/projects")).projects.map((p) => ({
        id: p.id,
        name: p.name,
      })),
  });
