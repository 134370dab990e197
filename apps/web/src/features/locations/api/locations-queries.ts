// A project's location tree (issue 36). Under ["projects", id], so it is persisted for offline
// reading with the rest of the project (offline/query-cache-policy.ts) and the report form's picker
// works with no signal from the last tree seen; every write invalidates it (app/query-client.ts).
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { LocationItem } from "../lib/location-tree";

export const locationKeys = {
  tree: (projectId: string) => ["projects", projectId, "locations"] as const,
};

export const locationsQuery = (projectId: string) => ({
  queryKey: locationKeys.tree(projectId),
  queryFn: async () =>
    (await api<{ locations: LocationItem[] }>(`/projects/${encodeURIComponent(projectId)}/locations`)).locations,
});

export const useLocations = (projectId: string, enabled = true) =>
  useQuery({ ...locationsQuery(projectId), enabled: enabled && projectId !== "" });
