import type { BcfImportResult } from "@sitesnag/shared/bcf";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** POST /api/projects/{id}/bcf with the file as multipart field `file`: all topics or none. */
export async function importBcf(input: { projectId: string; file: File }): Promise<BcfImportResult> {
  const form = new FormData();
  form.set("file", input.file, input.file.name);
  return api<BcfImportResult>(`/projects/${encodeURIComponent(input.projectId)}/bcf`, { method: "POST", body: form });
}

// A write: every screen's reads are refreshed afterwards (app/query-client.ts).
export const useImportBcf = () => useMutation({ mutationFn: importBcf });
