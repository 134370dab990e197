// The tree's writes, one hook per call of issue 36's API. Every successful one invalidates every
// query (app/query-client.ts): the tree, its counts and the reports that show a path refetch.
import { useMutation } from "@tanstack/react-query";
import { api, apiFetch } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-blob";
import type { LocationItem } from "../lib/location-tree";

export type LocationCreate = { name: string; parentId?: string | null; code?: string | null; sheetId?: string | null };
export type LocationPatch = {
  name?: string;
  parentId?: string | null;
  code?: string | null;
  order?: number;
  sheetId?: string | null;
};

export const useCreateLocation = (projectId: string) =>
  useMutation({
    mutationFn: async (body: LocationCreate) =>
      (
        await api<{ location: LocationItem }>(`/projects/${encodeURIComponent(projectId)}/locations`, {
          method: "POST",
          body,
        })
      ).location,
  });

export const useUpdateLocation = () =>
  useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: LocationPatch }) =>
      (await api<{ location: LocationItem }>(`/locations/${encodeURIComponent(id)}`, { method: "PATCH", body: patch }))
        .location,
  });

export const useDeleteLocation = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/locations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });

export type ImportResult = { created: number; reused: number };

export const useImportLocations = (projectId: string) =>
  useMutation({
    mutationFn: (lines: string[]) =>
      api<ImportResult>(`/projects/${encodeURIComponent(projectId)}/locations/import`, {
        method: "POST",
        body: { lines },
      }),
  });

/** The labels PDF of the project (no root) or of a branch, fetched with the bearer token and saved. */
export async function downloadLabels(projectId: string, rootId: string | null): Promise<void> {
  const query = rootId ? `?root=${encodeURIComponent(rootId)}` : "";
  const res = await apiFetch(`/projects/${encodeURIComponent(projectId)}/locations/labels.pdf${query}`);
  saveBlob(await res.blob(), rootId ? `location-labels-${rootId}.pdf` : `location-labels-${projectId}.pdf`);
}

export const useDownloadLabels = (projectId: string) =>
  useMutation({
    meta: { invalidates: false },
    mutationFn: (rootId: string | null) => downloadLabels(projectId, rootId),
  });
