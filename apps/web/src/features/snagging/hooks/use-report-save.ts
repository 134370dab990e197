// The form's save paths: create (then open the report, or stay for the next snag) and edit. Both
// keep the user's input on failure; only a success clears anything.
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAuthStore } from "../../../stores/auth-store";
import { type ReportDraft, submitReport } from "../api/create-report";
import { type ReportEdit, updateReport } from "../api/update-report";
import { NetworkError, type UploadProgress } from "../lib/upload-with-progress";

export type CreateOutcome = { queued: false; report: Report } | { queued: true; tempId: string };

/** SPEC §4: with no network the report goes to the offline queue (loaded only when needed). */
async function queueOffline(draft: ReportDraft): Promise<CreateOutcome> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new Error("Sign in again to save reports.");
  const { queueCreate } = await import("../../../offline/outbox");
  return { queued: true, tempId: await queueCreate(userId, draft, draft.idempotencyKey) };
}

async function createOrQueue(draft: ReportDraft, onProgress: (p: UploadProgress) => void): Promise<CreateOutcome> {
  if (!navigator.onLine) return queueOffline(draft);
  try {
    return { queued: false, report: await submitReport(draft, { onProgress }) };
  } catch (err) {
    // No answer at all: the network dropped. The queued create reuses the draft's
    // Idempotency-Key as its tempId, so an upload that did commit is not created twice.
    if (err instanceof NetworkError) return queueOffline(draft);
    throw err;
  }
}

export function useReportSave() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const onProgress = (p: UploadProgress) => setProgress(p);
  // Mutations, so the app's one invalidation point refreshes lists and counts after a save.
  const create = useMutation({
    mutationFn: (draft: ReportDraft) => createOrQueue(draft, onProgress),
    // Not paused while offline (TanStack's default): offline is when the queue must take it.
    networkMode: "always",
    onSettled: () => setProgress(null),
  });
  const update = useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: ReportEdit }) => updateReport(id, edit, { onProgress }),
    onSettled: () => setProgress(null),
  });
  return { create, update, progress, isSaving: create.isPending || update.isPending };
}
