// The form's save paths: create (then open the report, or stay for the next snag) and edit. Both
// keep the user's input on failure; only a success clears anything.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { type ReportDraft, submitReport } from "../api/create-report";
import { type ReportEdit, updateReport } from "../api/update-report";
import type { UploadProgress } from "../lib/upload-with-progress";

export function useReportSave() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const onProgress = (p: UploadProgress) => setProgress(p);
  // Mutations, so the app's one invalidation point refreshes lists and counts after a save.
  const create = useMutation({
    mutationFn: (draft: ReportDraft) => submitReport(draft, { onProgress }),
    onSettled: () => setProgress(null),
  });
  const update = useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: ReportEdit }) => updateReport(id, edit, { onProgress }),
    onSettled: () => setProgress(null),
  });
  return { create, update, progress, isSaving: create.isPending || update.isPending };
}
