import type { SnagListQueryInput } from "@sitesnag/shared/snag-list";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/save-blob";

export const snagListPath = (projectId: string, query: SnagListQueryInput): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return `/projects/${encodeURIComponent(projectId)}/snag-list.pdf?${params}`;
};

/** Fetches the project's snag list PDF with the bearer token and saves it. */
export async function downloadSnagList(input: { projectId: string; query: SnagListQueryInput }): Promise<void> {
  const res = await apiFetch(snagListPath(input.projectId, input.query));
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? "snag-list.pdf";
  saveBlob(await res.blob(), name);
}

// A read, not a write: nothing to invalidate.
export const useDownloadSnagList = () => useMutation({ mutationFn: downloadSnagList, meta: { invalidates: false } });
