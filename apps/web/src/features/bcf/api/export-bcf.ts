import type { BcfExportQueryInput } from "@sitesnag/shared/bcf";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-blob";

export const bcfPath = (projectId: string, query: BcfExportQueryInput): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return `/projects/${encodeURIComponent(projectId)}/bcf?${params}`;
};

/** Fetches the project's .bcfzip (GET /api/projects/{id}/bcf) with the bearer token and saves it. */
export async function exportBcf(input: { projectId: string; query: BcfExportQueryInput }): Promise<void> {
  const res = await apiFetch(bcfPath(input.projectId, input.query));
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "project.bcfzip";
  saveBlob(await res.blob(), name);
}

// A read, not a write: nothing to invalidate.
export const useExportBcf = () => useMutation({ mutationFn: exportBcf, meta: { invalidates: false } });
